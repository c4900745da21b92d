import { WorkQueue } from './work-queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('WorkQueue', () => {
  it('runs up to the concurrency, holds up to the bound, refuses past it', async () => {
    const queue = new WorkQueue(2, 1);
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
    const queue = new WorkQueue(1, 1);
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
    const queue = new WorkQueue(1, 0);
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
    const queue = new WorkQueue(1, 1);
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
});
