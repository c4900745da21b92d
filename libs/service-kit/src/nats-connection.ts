import type { OnApplicationShutdown } from '@nestjs/common';
import { type NatsConnection, connect } from 'nats';
import { natsConnectionOptions } from './nats-options';

const DRAIN_MAX_MS = 2000;

/**
 * A service's own NATS connection for JetStream and broadcasts (NestJS' transport has another),
 * given to the classes that use it (injected, so that a unit test gives them a stand-in). Made on
 * first use. Once the service stops, no use makes one again, and a connection still being made then
 * (NATS away: it waits for it) is closed when it comes: nothing keeps the process alive.
 *
 *   { provide: NatsConnectionProvider, inject: [ENV], useFactory: (env) => new NatsConnectionProvider(env.NATS_URL, 'svc-sessions') }
 */
export class NatsConnectionProvider implements OnApplicationShutdown {
  private connection?: Promise<NatsConnection>;
  private made?: NatsConnection;
  private stopped = false;

  /** `servers`: one NATS URL or several, comma-separated; `name`: how NATS names the connection. */
  constructor(
    private readonly servers: string,
    private readonly name: string,
  ) {}

  get(): Promise<NatsConnection> {
    if (this.stopped) return Promise.reject(new Error(`${this.name} is stopping: no NATS connection`));
    this.connection ??= connect(natsConnectionOptions(this.servers, this.name)).then((nats) => {
      if (this.stopped) {
        void nats.close();
        throw new Error(`${this.name} is stopping: no NATS connection`);
      }
      this.made = nats;
      return nats;
    });
    return this.connection;
  }

  /**
   * Drained (what is pending flushed) for at most DRAIN_MAX_MS, then closed: a drain can wait on a
   * JetStream pull that expires much later, and a connection left open reconnects for ever (a
   * process that never exits) once NATS goes away.
   */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const nats = this.made;
    if (!nats) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([nats.drain().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_MAX_MS)))]);
    clearTimeout(timer);
    if (!nats.isClosed()) await nats.close().catch(() => undefined);
  }
}
