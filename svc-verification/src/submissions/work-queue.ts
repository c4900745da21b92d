/** A place in the queue, held before the job is known: run it once, or give it back. */
export interface QueueSlot {
  run(job: () => Promise<void>): void;
  release(): void;
}

export interface WorkQueueLimits {
  /** Jobs run at once. */
  concurrency: number;
  /** Jobs held waiting at most, whatever they are expected to wait: a bound on memory. */
  maxWaiting: number;
  /**
   * Longest a new job may be expected to wait for a free slot, reckoned from how long the last
   * jobs took (start to end, on this machine as busy as it is now); past it, refused. Unset: no limit.
   */
  maxExpectedWaitMs?: number;
  /** How long a job is taken to last until one has finished. */
  initialJobMs?: number;
  /** Milliseconds from some fixed point (tests set it). */
  now?: () => number;
}

/** How much each finished job moves the expected duration (an exponentially weighted average). */
const DURATION_WEIGHT = 0.2;

/**
 * Runs at most `concurrency` jobs at once and holds more only while they are expected to start
 * within `maxExpectedWaitMs` and there are at most `maxWaiting`; past that, `reserve` and `tryRun`
 * refuse, so a burst of submissions cannot grow memory without bound, and a job is taken only when
 * it can start in time: on a machine that other work slows down, jobs take longer and fewer are
 * taken (the rest are refused at once and may come back), rather than waiting past their deadlines.
 */
export class WorkQueue {
  private running = 0;
  private reserved = 0;
  private readonly waiting: (() => Promise<void>)[] = [];
  private idleWaiters: (() => void)[] = [];
  private expectedJobMs: number;
  private readonly now: () => number;

  constructor(private readonly limits: WorkQueueLimits) {
    this.expectedJobMs = limits.initialJobMs ?? 0;
    this.now = limits.now ?? (() => performance.now());
  }

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** How long one more job would wait for a slot, if the jobs ahead of it take as long as the last ones did. */
  expectedWaitMs(): number {
    const ahead = this.running + this.waiting.length + this.reserved;
    const { concurrency } = this.limits;
    if (ahead < concurrency) return 0;
    const rounds = Math.floor((ahead - concurrency) / concurrency) + 1;
    return rounds * this.expectedJobMs;
  }

  /** Whether one more job would be accepted now (held slots count as taken). */
  hasRoom(): boolean {
    const { concurrency, maxWaiting, maxExpectedWaitMs = Infinity } = this.limits;
    return this.running + this.waiting.length + this.reserved < concurrency + maxWaiting && this.expectedWaitMs() <= maxExpectedWaitMs;
  }

  /** Holds a place for a job that is not ready yet; undefined when there is no room. */
  reserve(): QueueSlot | undefined {
    if (!this.hasRoom()) return undefined;
    this.reserved++;
    let held = true;
    const giveBack = () => {
      if (!held) return false;
      held = false;
      this.reserved--;
      this.notifyIfIdle();
      return true;
    };
    return {
      run: (job) => {
        if (!giveBack()) return;
        this.waiting.push(job);
        this.next();
      },
      release: () => void giveBack(),
    };
  }

  /** Resolves once nothing is running, waiting or held (at once if that is so now). */
  whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.notifyIfIdle();
    });
  }

  tryRun(job: () => Promise<void>): boolean {
    const slot = this.reserve();
    slot?.run(job);
    return slot !== undefined;
  }

  private next(): void {
    while (this.running < this.limits.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running++;
      const started = this.now();
      void job()
        .catch(() => undefined)
        .finally(() => {
          const took = this.now() - started;
          this.expectedJobMs = this.expectedJobMs === 0 ? took : this.expectedJobMs + DURATION_WEIGHT * (took - this.expectedJobMs);
          this.running--;
          this.next();
          this.notifyIfIdle();
        });
    }
  }

  private notifyIfIdle(): void {
    if (this.running + this.waiting.length + this.reserved > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
