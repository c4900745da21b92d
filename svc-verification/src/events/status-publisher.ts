import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { SUBJECTS, type VerificationStatusEvent } from '@idv/contracts';
import { ensureVerificationStatusStream, natsConnectionOptions } from '@idv/service-kit';
import { JSONCodec, type NatsConnection, connect } from 'nats';
import { VERIFICATION_ENV, type VerificationEnv } from '../config/env';

const ATTEMPTS = 5;

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
    await ensureVerificationStatusStream(await this.nats.jetstreamManager());
  }

  async publish(event: VerificationStatusEvent): Promise<void> {
    const data = JSONCodec().encode(event);
    for (let attempt = 1; ; attempt++) {
      try {
        await this.nats!.jetstream().publish(SUBJECTS.events.verificationStatus, data, { msgID: event.eventId });
        return;
      } catch (error) {
        if (attempt >= ATTEMPTS) throw error;
        this.logger.warn(`publishing status event ${event.eventId} failed (attempt ${attempt}), retrying`);
        await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nats?.drain();
  }
}
