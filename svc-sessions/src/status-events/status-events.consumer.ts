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
    await jsm.consumers.add(VERIFICATION_STATUS_STREAM.name, {
      durable_name: VERIFICATION_STATUS_STREAM.durableConsumer,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(30000),
    });
    const consumer = await nats.jetstream().consumers.get(VERIFICATION_STATUS_STREAM.name, VERIFICATION_STATUS_STREAM.durableConsumer);
    this.messages = await consumer.consume();
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
