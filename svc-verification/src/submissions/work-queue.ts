/** A place in the queue, held before the job is known: run it once, or give it back. */
export interface QueueSlot {
  run(job: () => Promise<void>): void;
  release(): void;
}

/**
 * Runs at most `concurrency` jobs at once and holds at most `maxWaiting` more; past that,
 * `reserve` and `tryRun` refuse, so a burst of submissions cannot grow memory without bound.
 */
export class WorkQueue {
  private running = 0;
  private reserved = 0;
  private readonly waiting: (() => Promise<void>)[] = [];
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Whether one more job would be accepted now (held slots count as taken). */
  hasRoom(): boolean {
    return this.running + this.waiting.length + this.reserved < this.concurrency + this.maxWaiting;
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
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running++;
      void job()
        .catch(() => undefined)
        .finally(() => {
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
