import { Worker } from 'node:worker_threads';
import { threadCpuMs } from './thread-cpu';

describe('threadCpuMs', () => {
  it("counts one thread's own CPU time, not the time the process spends elsewhere", async () => {
    // a thread that says its Linux id, then waits; this thread meanwhile spins
    const idle = new Worker(
      "const fs = require('node:fs'); const { parentPort } = require('node:worker_threads'); parentPort.postMessage(Number(fs.readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0])); setInterval(() => {}, 1000);",
      { eval: true },
    );
    try {
      const tid = await new Promise<number>((resolve) => idle.once('message', resolve));
      const before = threadCpuMs(tid)!;
      const spinUntil = Date.now() + 300;
      while (Date.now() < spinUntil);
      expect(threadCpuMs(tid)! - before).toBeLessThan(100);
      expect(threadCpuMs(process.pid)).toBeGreaterThan(0);
    } finally {
      await idle.terminate();
    }
    expect(threadCpuMs(2 ** 30)).toBeUndefined();
  });
});
