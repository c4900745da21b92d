/**
 * Runs at most `concurrency` jobs at once and holds at most `maxWaiting` more; past that,
 * `tryRun` refuses, so a burst of submissions cannot grow memory without bound.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => Promise<void>)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Whether one more job would be accepted now. */
  hasRoom(): boolean {
    return this.running < this.concurrency || this.waiting.length < this.maxWaiting;
  }

  tryRun(job: () => Promise<void>): boolean {
    if (!this.hasRoom()) return false;
    this.waiting.push(job);
    this.next();
    return true;
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
        });
    }
  }
}
