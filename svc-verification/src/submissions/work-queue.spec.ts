import { WorkQueue } from './work-queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('WorkQueue', () => {
  it('runs up to the concurrency, holds up to the bound, refuses past it', async () => {
    const queue = new WorkQueue({ concurrency: 2, maxWaiting: 1 });
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const job = (i: number) => () => {
      started.push(i);
      return gates[i].promise;
    };
    expect(queue.tryRun(job(0))).toBe(true);
    expect(queue.tryRun(job(1))).toBe(true);
    expect(queue.tryRun(job(2))).toBe(true);
    expect(queue.tryRun(job(0))).toBe(false);
    expect(started).toEqual([0, 1]);
    expect(queue.size).toEqual({ running: 2, waiting: 1 });
    gates[0].resolve();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    expect(queue.hasRoom()).toBe(true);
  });

  it('keeps going after a job fails', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 1 });
    const ran: string[] = [];
    queue.tryRun(async () => {
      throw new Error('boom');
    });
    queue.tryRun(async () => {
      ran.push('second');
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(ran).toEqual(['second']);
  });

  it('counts a held slot as taken until it runs its job or is given back, once', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 0 });
    const slot = queue.reserve()!;
    expect(queue.hasRoom()).toBe(false);
    expect(queue.reserve()).toBeUndefined();
    slot.release();
    slot.release();
    expect(queue.hasRoom()).toBe(true);
    let ran = 0;
    const next = queue.reserve()!;
    next.run(async () => void ran++);
    next.run(async () => void ran++);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran).toBe(1);
    expect(queue.hasRoom()).toBe(true);
  });

  it('says when it is idle: nothing running, waiting or held', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 1 });
    await queue.whenIdle(); // idle now: resolves at once
    const gates = [deferred(), deferred()];
    queue.tryRun(() => gates[0].promise);
    queue.tryRun(() => gates[1].promise);
    let idle = false;
    void queue.whenIdle().then(() => (idle = true));
    gates[0].resolve();
    await new Promise((r) => setImmediate(r));
    expect(idle).toBe(false); // the second is running now
    gates[1].resolve();
    await new Promise((r) => setImmediate(r));
    expect(idle).toBe(true);
  });

  it('takes a job only while it is expected to start in time, reckoned from how long the last jobs took', async () => {
    let clock = 0;
    const queue = new WorkQueue({ concurrency: 2, maxWaiting: 100, maxExpectedWaitMs: 2500, initialJobMs: 1000, now: () => clock });
    const gates = Array.from({ length: 8 }, deferred);
    const take = (i: number) => queue.tryRun(() => gates[i].promise);
    // Two run at once; each further pair waits one job's time more: 1 s, 2 s, then 3 s is too long.
    expect([0, 1, 2, 3, 4, 5].map(take)).toEqual([true, true, true, true, true, true]);
    expect(queue.expectedWaitMs()).toBe(3000);
    expect(take(6)).toBe(false);

    // The machine is busier: the first two took 6 s each, so a job is now taken to last 2.8 s, and
    // one more would wait for two pairs (5.6 s): nothing more is taken until the queue has drained.
    clock = 6000;
    gates[0].resolve();
    gates[1].resolve();
    await new Promise((r) => setImmediate(r));
    expect(queue.size).toEqual({ running: 2, waiting: 2 });
    expect(queue.expectedWaitMs()).toBeGreaterThan(2500);
    expect(take(6)).toBe(false);
    clock = 7000;
    for (const i of [2, 3, 4, 5]) gates[i].resolve();
    await new Promise((r) => setImmediate(r));
    expect(queue.expectedWaitMs()).toBe(0);
    expect(take(6)).toBe(true);
  });

  it('holds no more than maxWaiting, however quick the jobs are', () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 2, maxExpectedWaitMs: 60_000, initialJobMs: 1 });
    const never = () => new Promise<void>(() => undefined);
    expect([never, never, never, never].map((job) => queue.tryRun(job))).toEqual([true, true, true, false]);
  });
});
