import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type BackoffPolicy, type VerificationStatusEvent, backoffMs, verificationStatusSubject } from '@idv/contracts';
import { ensureVerificationStatusStream, natsConnectionOptions } from '@idv/service-kit';
import { JSONCodec, type NatsConnection, connect } from 'nats';
import { VERIFICATION_ENV, type VerificationEnv } from '../config/env';

/**
 * A stored event is acknowledged within milliseconds. When the stream has no leader (a NATS node
 * of a cluster went away and the others elect one, which takes seconds), a publish gets no answer:
 * it is given up after PUBLISH_TIMEOUT_MS and sent again (stored once, by its event id), so that
 * the event is stored soon after the election rather than a long timeout later.
 */
const PUBLISH_TIMEOUT_MS = 2000;
/** Pauses before a publish is sent again: 400 ms after the first try, then 800 ms, then 1 s each. */
const REPUBLISH: BackoffPolicy = { firstMs: 200, maxMs: 1000 };

/**
 * Publishes results on the JetStream status stream (svc-sessions consumes them durably). The event
 * id is the message id, so a retried publish is stored once. Events carry no personal data.
 */
@Injectable()
export class StatusPublisher implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(StatusPublisher.name);
  private nats?: NatsConnection;

  constructor(@Inject(VERIFICATION_ENV) private readonly env: VerificationEnv) {}

  async onModuleInit(): Promise<void> {
    this.nats = await connect(natsConnectionOptions(this.env.NATS_URL, 'svc-verification-status'));
    await ensureVerificationStatusStream(await this.nats.jetstreamManager(), this.env.NATS_STREAM_REPLICAS);
  }

  /**
   * Publishes until JetStream acknowledges (the stream stores an event id once, so a repeat is
   * harmless), through NATS outages, until `until` (ms since the epoch): past it the result no
   * longer counts and the last error is thrown.
   */
  async publish(event: VerificationStatusEvent, until: number): Promise<void> {
    const data = JSONCodec().encode(event);
    for (let attempt = 1; ; attempt++) {
      try {
        await this.nats!.jetstream().publish(verificationStatusSubject(event.sessionId, event.participantId), data, {
          msgID: event.eventId,
          timeout: PUBLISH_TIMEOUT_MS,
        });
        return;
      } catch (error) {
        const wait = backoffMs(attempt, REPUBLISH);
        if (Date.now() + wait >= until) throw error;
        this.logger.warn(`publishing status event ${event.eventId} failed (attempt ${attempt}), retrying in ${wait} ms`);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nats?.drain();
  }
}
