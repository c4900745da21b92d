import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Collection, Model } from 'mongoose';
import { Clock } from '../clock/clock';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';
import { Session } from '../sessions/schemas/session.schema';
import { Transition } from '../sessions/schemas/transition.schema';
import { SessionReadCache } from '../sessions/session-read-cache';

const SWEEP_BATCH = 200;
/** Documents per delete: one `deleteMany({ _id: { $in } })`, a short hold of the write lock. */
const DELETE_CHUNK = 50;
const SWEEP_PAUSE_MS = 20;
/**
 * The part of the database's time the sweep may take: a tenth. On a machine already busy with
 * requests, what the sweep takes is taken from them (a fifth raised the calls' p99 1.2-1.6x while
 * 100,000 expired sessions were deleted, docs/benchmarks.md); deleting is never urgent by minutes.
 */
const SWEEP_SHARE = 0.1;

/**
 * Deletes sessions (with their participants) and their transition records 30 days after creation (their `deleteAt`). A TTL index does
 * the same where the database supports one (MongoDB); FerretDB does not, so the periodic sweep is
 * what the product relies on.
 */
@Injectable()
export class RetentionSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RetentionSweeper.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<{ sessions: number; transitions: number }>;
  private stopping = false;

  constructor(
    @InjectModel(Session.name) private readonly sessions: Model<Session>,
    @InjectModel(Transition.name) private readonly transitions: Model<Transition>,
    private readonly clock: Clock,
    private readonly cache: SessionReadCache,
    @Inject(SESSIONS_ENV) private readonly env: SessionsEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureExpiryIndex(this.sessions.collection);
    await this.ensureExpiryIndex(this.transitions.collection);
    // In the background: a backlog (a service that was down for days) must not hold up start-up.
    const sweepInBackground = () => void this.sweep().catch((e: Error) => this.logger.error(`sweep failed: ${e.message}`));
    sweepInBackground();
    this.timer = setInterval(sweepInBackground, this.env.RETENTION_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  /** A sweep under way stops after its current batch. */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Deletes everything whose retention has ended by now; one sweep at a time. */
  sweep(): Promise<{ sessions: number; transitions: number }> {
    this.running ??= this.sweepOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async sweepOnce(): Promise<{ sessions: number; transitions: number }> {
    const now = this.clock.now();
    const transitions = await this.sweepCollection(this.transitions, now);
    const sessions = await this.sweepCollection(this.sessions, now);
    if (sessions) this.cache.clear();
    if (sessions || transitions) this.logger.log(`retention: deleted ${sessions} sessions and ${transitions} state records`);
    return { sessions, transitions };
  }

  /**
   * Deletes a collection's documents whose `deleteAt` has passed, oldest first, in small batches
   * of deletes by `_id` (`$in` lists of DELETE_CHUNK, an index search on MongoDB and on the patched
   * FerretDB). Documents are only ever inserted and `deleteAt` is their creation plus 30
   * days, so in natural order the due ones come first: reading the first BATCH documents (a limit
   * with no filter, which FerretDB passes to SQLite) finds them without scanning the collection,
   * and a batch that is not all due ends the sweep. A filter on `deleteAt` would scan every stored
   * document on FerretDB, and one large delete would hold its write lock for the whole of it.
   */
  private async sweepCollection<T extends { _id: string; deleteAt: Date }>(model: Model<T>, now: Date): Promise<number> {
    let deleted = 0;
    while (!this.stopping) {
      const readStart = Date.now();
      const oldest = await model.find({}, { _id: 1, deleteAt: 1 }).limit(SWEEP_BATCH).lean();
      const due = oldest.filter((doc) => doc.deleteAt.getTime() <= now.getTime()).map((doc) => doc._id);
      if (due.length === 0) break;
      // After each step, requests go first: the sweep takes at most SWEEP_SHARE of the database's time.
      await pauseAfter(readStart);
      for (let i = 0; i < due.length && !this.stopping; i += DELETE_CHUNK) {
        const deleteStart = Date.now();
        deleted += (await model.deleteMany({ _id: { $in: due.slice(i, i + DELETE_CHUNK) } } as object)).deletedCount;
        await pauseAfter(deleteStart);
      }
      if (due.length < oldest.length) break;
    }
    return deleted;
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

/** Waits so that the work since `start` is SWEEP_SHARE of the time (at least SWEEP_PAUSE_MS). */
function pauseAfter(start: number): Promise<void> {
  const pauseMs = ((Date.now() - start) * (1 - SWEEP_SHARE)) / SWEEP_SHARE;
  return new Promise((resolve) => setTimeout(resolve, Math.max(SWEEP_PAUSE_MS, pauseMs)));
}
