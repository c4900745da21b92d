import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SUBJECTS, VERIFICATION_STATUS_STREAM } from '@idv/contracts';
import { EVENT_CATALOGUE } from '@idv/contracts/catalogue';
import { AckPolicy, type Consumer, type ConsumerMessages, DeliverPolicy, type JsMsg, JSONCodec, nanos } from 'nats';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';
import { NatsConnectionProvider, ensureVerificationStatusStream } from '@idv/service-kit';
import { ParticipantLifecycle } from '../sessions/participant-lifecycle.service';
import { SessionReadCache } from '../sessions/session-read-cache';
import { SessionStore } from '../sessions/session-store';
import { applyStatusEvent } from './apply-status-event';

const RETRY_DELAY_MS = 5000;
/**
 * Every instance of svc-sessions pulls from the one durable consumer. An instance that dies
 * (kill -9, a lost machine) leaves its last pull request open on the NATS node that leads the
 * consumer, and an event delivered into it goes to another instance once its ack_wait has passed:
 * both are kept short, so that a result reaches the surviving instances within seconds (the scale
 * test measures it). An event takes milliseconds to apply; one that waits for the database is
 * answered with a nak well within ack_wait.
 */
const ACK_WAIT_MS = 10_000;
/** Each pull asks for up to this many events and lasts at most PULL_EXPIRES_MS. */
const PULL_BATCH = 100;
const PULL_EXPIRES_MS = 5_000;
const PULL_RETRY_MS = 1_000;
const codec = JSONCodec();

/**
 * Consumes verification results from the JetStream stream with a durable consumer: events
 * published while this service was down are delivered when it is back. An event is
 * acknowledged only once applied; a database failure makes it come again later.
 *
 * It pulls in bounded fetches, one after the other, rather than with nats.js' endless `consume()`:
 * when a NATS node of a cluster goes away and the consumer gets a new leader, a pull request made
 * to the old one is lost, and the scale test saw `consume()` wait more than a minute before it
 * pulled again. A fetch ends within PULL_EXPIRES_MS whatever happens, and the next one goes to
 * whichever node leads the consumer then.
 */
@Injectable()
export class StatusEventsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StatusEventsConsumer.name);
  private batch?: ConsumerMessages;
  private loop?: Promise<void>;
  private stopping = false;

  constructor(
    private readonly store: SessionStore,
    private readonly lifecycle: ParticipantLifecycle,
    private readonly cache: SessionReadCache,
    private readonly connection: NatsConnectionProvider,
    @Inject(SESSIONS_ENV) private readonly env: SessionsEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const nats = await this.connection.get();
    const jsm = await nats.jetstreamManager();
    await ensureVerificationStatusStream(jsm, this.env.NATS_STREAM_REPLICAS);
    const config = {
      durable_name: VERIFICATION_STATUS_STREAM.durableConsumer,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(ACK_WAIT_MS),
    };
    try {
      await jsm.consumers.add(VERIFICATION_STATUS_STREAM.name, config);
    } catch (error) {
      // made before with other settings (an older ack_wait): brought up to date
      if (!/already (exists|in use)/i.test(String((error as Error).message))) throw error;
      await jsm.consumers.update(VERIFICATION_STATUS_STREAM.name, config.durable_name, { ack_wait: config.ack_wait });
    }
    const consumer = await nats.jetstream().consumers.get(VERIFICATION_STATUS_STREAM.name, VERIFICATION_STATUS_STREAM.durableConsumer);
    this.loop = this.pullForever(consumer);
  }

  private async pullForever(consumer: Consumer): Promise<void> {
    while (!this.stopping) {
      try {
        this.batch = await consumer.fetch({ max_messages: PULL_BATCH, expires: PULL_EXPIRES_MS });
        for await (const message of this.batch) await this.handle(message);
      } catch (error) {
        if (this.stopping) break;
        this.logger.warn(`pulling status events failed (${(error as Error).message}); pulling again in ${PULL_RETRY_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, PULL_RETRY_MS));
      }
    }
  }

  private async handle(message: JsMsg): Promise<void> {
    let event;
    try {
      event = EVENT_CATALOGUE[SUBJECTS.events.verificationStatus].safeParse(codec.decode(message.data)).data;
    } catch {
      event = undefined; // not JSON
    }
    if (!event) {
      this.logger.warn(`dropping a malformed status event (stream sequence ${message.seq})`);
      message.term();
      return;
    }
    try {
      if (await applyStatusEvent(this.store, this.lifecycle, event)) await this.cache.changed(event.sessionId);
      message.ack();
    } catch (error) {
      this.logger.error(`status event ${event.eventId} not applied, retrying: ${(error as Error).message}`);
      message.nak(RETRY_DELAY_MS);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.batch?.close();
    await this.loop;
  }
}
