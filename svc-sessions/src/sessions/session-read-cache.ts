import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { SUBJECTS } from '@idv/contracts';
import { LRUCache } from 'lru-cache';
import { JSONCodec, type Subscription } from 'nats';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';
import { NatsConnectionProvider } from '@idv/service-kit';
import type { SessionRecord } from './session-state';

const MAX_ENTRIES = 10_000;

/**
 * Recently read sessions, for `GET /sessions/:id` only (writes always read the database).
 * FerretDB answers a query in about 2 ms, so without this a waiting page polling every 3 s
 * costs four queries a time. Every write drops the entry here and broadcasts the session id
 * to the other copies of the service (and to the gateways' live streams); a read that raced a write is not cached; the TTL bounds
 * what a lost broadcast could leave stale.
 */
@Injectable()
export class SessionReadCache implements OnModuleInit {
  private readonly logger = new Logger(SessionReadCache.name);
  /** The least recently read go first past MAX_ENTRIES; each entry lives SESSION_CACHE_TTL_MS. */
  private readonly entries = new LRUCache<string, SessionRecord>({ max: MAX_ENTRIES });
  private generation = 0;
  private subscription?: Subscription;

  constructor(
    private readonly nats: NatsConnectionProvider,
    @Inject(SESSIONS_ENV) private readonly env: SessionsEnv,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.env.SESSION_CACHE_TTL_MS === 0) return;
    const connection = await this.nats.get();
    this.subscription = connection.subscribe(SUBJECTS.events.sessionChanged, {
      callback: (error, message) => {
        if (error) return;
        const { sessionId } = JSONCodec<{ sessionId?: unknown }>().decode(message.data);
        if (typeof sessionId === 'string') this.drop(sessionId);
      },
    });
  }

  async read(sessionId: string, load: () => Promise<SessionRecord | undefined>): Promise<SessionRecord | undefined> {
    const ttl = this.env.SESSION_CACHE_TTL_MS;
    const cached = this.entries.get(sessionId);
    if (cached) return cached;
    const generation = this.generation;
    const record = await load();
    // Something changed while this read was on its way: it may be stale, so do not keep it.
    if (record && ttl > 0 && generation === this.generation) this.entries.set(sessionId, record, { ttl });
    return record;
  }

  /**
   * After a write: drop it here and in every other copy of the service, and tell every gateway
   * (its live session streams re-read the session). Sent with the cache off too.
   */
  async changed(sessionId: string): Promise<void> {
    this.drop(sessionId);
    try {
      (await this.nats.get()).publish(SUBJECTS.events.sessionChanged, JSONCodec().encode({ sessionId }));
    } catch (error) {
      this.logger.warn(`could not broadcast a session change: ${(error as Error).message}`);
    }
  }

  /** After a bulk delete (retention). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  private drop(sessionId: string): void {
    this.generation++;
    this.entries.delete(sessionId);
  }
}
