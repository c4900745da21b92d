import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { type BackoffPolicy, type VerificationStatusEvent, backoffMs, verificationStatusSubject } from '@idv/contracts';
import { NatsConnectionProvider, ensureVerificationStatusStream } from '@idv/service-kit';
import { JSONCodec } from 'nats';
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
 * id is the message id, so a retried publish is stored once. Events carry no personal data. Its NATS
 * connection is given to it (NatsConnectionProvider of service-kit, closed when the service stops).
 */
@Injectable()
export class StatusPublisher implements OnModuleInit {
  private readonly logger = new Logger(StatusPublisher.name);

  constructor(
    private readonly connection: NatsConnectionProvider,
    @Inject(VERIFICATION_ENV) private readonly env: VerificationEnv,
  ) {}

  async onModuleInit(): Promise<void> {
    const nats = await this.connection.get();
    await ensureVerificationStatusStream(await nats.jetstreamManager(), this.env.NATS_STREAM_REPLICAS);
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
        const nats = await this.connection.get();
        await nats.jetstream().publish(verificationStatusSubject(event.sessionId, event.participantId), data, {
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
}
