import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Collection, Model } from 'mongoose';
import { Clock } from '../clock/clock';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';
import { Participant } from '../sessions/schemas/participant.schema';
import { Session } from '../sessions/schemas/session.schema';
import { Transition } from '../sessions/schemas/transition.schema';
import { SessionReadCache } from '../sessions/session-read-cache';

/**
 * Deletes sessions, participants and their transition records 30 days after creation (their `deleteAt`). A TTL index does
 * the same where the database supports one (MongoDB); FerretDB does not, so the periodic sweep is
 * what the product relies on.
 */
@Injectable()
export class RetentionSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RetentionSweeper.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectModel(Session.name) private readonly sessions: Model<Session>,
    @InjectModel(Participant.name) private readonly participants: Model<Participant>,
    @InjectModel(Transition.name) private readonly transitions: Model<Transition>,
    private readonly clock: Clock,
    private readonly cache: SessionReadCache,
    @Inject(SESSIONS_ENV) private readonly env: SessionsEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureExpiryIndex(this.sessions.collection);
    await this.ensureExpiryIndex(this.participants.collection);
    await this.ensureExpiryIndex(this.transitions.collection);
    await this.sweep();
    this.timer = setInterval(() => void this.sweep().catch((e: Error) => this.logger.error(`sweep failed: ${e.message}`)), this.env.RETENTION_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Deletes everything whose retention has ended by now. */
  async sweep(): Promise<{ sessions: number; participants: number }> {
    const now = this.clock.now();
    await this.transitions.deleteMany({ deleteAt: { $lte: now } });
    const participants = await this.participants.deleteMany({ deleteAt: { $lte: now } });
    const sessions = await this.sessions.deleteMany({ deleteAt: { $lte: now } });
    if (sessions.deletedCount) this.cache.clear();
    if (sessions.deletedCount || participants.deletedCount) {
      this.logger.log(`retention: deleted ${sessions.deletedCount} sessions and ${participants.deletedCount} participants`);
    }
    return { sessions: sessions.deletedCount, participants: participants.deletedCount };
  }

  private async ensureExpiryIndex(collection: Collection): Promise<void> {
    try {
      await collection.createIndex({ deleteAt: 1 }, { name: 'deleteAt_ttl', expireAfterSeconds: 0 });
    } catch {
      this.logger.log(`${collection.collectionName}: no TTL index support here; the sweeper deletes expired data`);
      await collection.createIndex({ deleteAt: 1 }, { name: 'deleteAt_sweep' });
    }
  }
}
