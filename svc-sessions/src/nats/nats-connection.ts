import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { natsConnectionOptions } from '@idv/service-kit';
import { type NatsConnection, connect } from 'nats';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';

/** The service's own NATS connection for JetStream and broadcasts (NestJS' transport has another). */
@Injectable()
export class NatsConnectionProvider implements OnApplicationShutdown {
  private connection?: Promise<NatsConnection>;

  constructor(@Inject(SESSIONS_ENV) private readonly env: SessionsEnv) {}

  get(): Promise<NatsConnection> {
    this.connection ??= connect(natsConnectionOptions(this.env.NATS_URL, 'svc-sessions'));
    return this.connection;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.connection) await (await this.connection).drain();
  }
}
