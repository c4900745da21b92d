import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SUBJECTS, VERIFICATION_STATUS_STREAM } from '@idv/contracts';
import { EVENT_CATALOGUE } from '@idv/contracts/catalogue';
import { ensureVerificationStatusStream } from '@idv/service-kit';
import { AckPolicy, type ConsumerMessages, DeliverPolicy, JSONCodec, nanos } from 'nats';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';
import { NatsConnectionProvider } from '../nats/nats-connection';
import { ParticipantLifecycle } from '../sessions/participant-lifecycle.service';
import { SessionReadCache } from '../sessions/session-read-cache';
import { SessionStore } from '../sessions/session-store';
import { applyStatusEvent } from './apply-status-event';

const RETRY_DELAY_MS = 5000;
/**
 * Every instance of svc-sessions pulls from the one durable consumer. An instance that dies
 * (kill -9, a lost machine) leaves its last pull requests open on the NATS node that leads the
 * consumer, and an event delivered into them is given to another instance only once its
 * ack_wait has passed: both are kept short, so that a result reaches the surviving instances
 * within seconds (the scale test measures it). An event takes milliseconds to apply; one that
 * waits for the database is answered with a nak well within ack_wait.
 */
const ACK_WAIT_MS = 10_000;
const PULL_EXPIRES_MS = 5_000;

/**
 * Consumes verification results from the JetStream stream with a durable consumer: events
 * published while this service was down are delivered when it is back. An event is
 * acknowledged only once applied; a database failure makes it come again later.
 */
@Injectable()
export class StatusEventsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StatusEventsConsumer.name);
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;

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
    this.messages = await consumer.consume({ expires: PULL_EXPIRES_MS });
    this.loop = this.consume(this.messages);
  }

  private async consume(messages: ConsumerMessages): Promise<void> {
    const codec = JSONCodec();
    for await (const message of messages) {
      let event;
      try {
        event = EVENT_CATALOGUE[SUBJECTS.events.verificationStatus].safeParse(codec.decode(message.data)).data;
      } catch {
        event = undefined; // not JSON
      }
      if (!event) {
        this.logger.warn(`dropping a malformed status event (stream sequence ${message.seq})`);
        message.term();
        continue;
      }
      try {
        if (await applyStatusEvent(this.store, this.lifecycle, event)) await this.cache.changed(event.sessionId);
        message.ack();
      } catch (error) {
        this.logger.error(`status event ${event.eventId} not applied, retrying: ${(error as Error).message}`);
        message.nak(RETRY_DELAY_MS);
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.messages?.close();
    await this.loop;
  }
}
