import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { SUBJECTS } from '@idv/contracts';
import { SessionChangedEventSchema } from '@idv/contracts/catalogue';
import { natsConnectionOptions } from '@idv/service-kit';
import { JSONCodec, type NatsConnection, connect } from 'nats';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';

type Listener = () => void;

/**
 * The sessions that changed, as svc-sessions broadcasts them (core NATS, `events.sessions.changed`):
 * every gateway instance subscribes once, on its own connection (the request client is NestJS'),
 * and tells the listeners of that session. The connection reconnects for as long as NATS is away
 * (natsConnectionOptions); a change broadcast meanwhile is missed, which is why the pages keep a
 * slow poll while their stream is down and a stream re-reads its session when NATS is back.
 */
@Injectable()
export class SessionChanges implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SessionChanges.name);
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly reconnectListeners = new Set<Listener>();
  private connection?: NatsConnection;
  private stopped = false;
  private retry?: NodeJS.Timeout;

  constructor(@Inject(GATEWAY_ENV) private readonly env: GatewayEnv) {}

  onModuleInit(): void {
    // Not awaited: the gateway starts (and answers health) while NATS is not up yet.
    void this.connectUntilStopped();
  }

  /**
   * Tries every second until connected or stopped. Not nats.js' waitOnFirstConnect: a connect it
   * keeps pending cannot be called off, and would keep a stopped gateway's process alive.
   */
  private async connectUntilStopped(): Promise<void> {
    const options = { ...natsConnectionOptions(this.env.NATS_URL, 'svc-gateway-session-changes'), waitOnFirstConnect: false };
    for (let tries = 1; !this.stopped; tries++) {
      try {
        const nats = await connect(options);
        if (this.stopped) return void (await nats.close());
        this.connection = nats;
        this.listen(nats);
        return;
      } catch (error) {
        if (tries === 1) this.logger.warn(`session changes not received until NATS answers: ${(error as Error).message}`);
        await new Promise((resolve) => (this.retry = setTimeout(resolve, 1000)));
      }
    }
  }

  /** Calls `listener` whenever the session changes; returns what stops it. */
  on(sessionId: string, listener: Listener): () => void {
    const set = this.listeners.get(sessionId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(sessionId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(sessionId);
    };
  }

  /** Calls `listener` when the connection to NATS is back: changes may have been missed meanwhile. */
  onReconnect(listener: Listener): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** Never waits for a NATS that is away: a connection still being made is closed when it comes. */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const connection = this.connection;
    this.connection = undefined;
    await connection?.drain().catch(() => undefined);
  }

  private listen(nats: NatsConnection): void {
    const codec = JSONCodec<unknown>();
    nats.subscribe(SUBJECTS.events.sessionChanged, {
      callback: (error, message) => {
        if (error) return;
        const change = SessionChangedEventSchema.safeParse(codec.decode(message.data));
        if (!change.success) return;
        for (const listener of [...(this.listeners.get(change.data.sessionId) ?? [])]) listener();
      },
    });
    void (async () => {
      for await (const status of nats.status()) {
        if (status.type === 'reconnect') for (const listener of [...this.reconnectListeners]) listener();
      }
    })();
  }
}
