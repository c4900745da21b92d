import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { natsConnectionOptions } from '@idv/service-kit';
import { type NatsConnection, connect } from 'nats';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';

/**
 * The service's own NATS connection for JetStream and broadcasts (NestJS' transport has another).
 * Made on first use. Once the service stops, no use makes one again, and a connection still being
 * made then (NATS away: it waits for it) is closed when it comes: nothing keeps the process alive.
 */
@Injectable()
export class NatsConnectionProvider implements OnApplicationShutdown {
  private connection?: Promise<NatsConnection>;
  private made?: NatsConnection;
  private stopped = false;

  constructor(@Inject(SESSIONS_ENV) private readonly env: SessionsEnv) {}

  get(): Promise<NatsConnection> {
    if (this.stopped) return Promise.reject(new Error('svc-sessions is stopping: no NATS connection'));
    this.connection ??= connect(natsConnectionOptions(this.env.NATS_URL, 'svc-sessions')).then((nats) => {
      if (this.stopped) {
        void nats.close();
        throw new Error('svc-sessions is stopping: no NATS connection');
      }
      this.made = nats;
      return nats;
    });
    return this.connection;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.made?.drain().catch(() => undefined);
  }
}
