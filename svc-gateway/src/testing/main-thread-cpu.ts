import fs from 'node:fs';

/**
 * The CPU time this process' main thread has run, in ms (ns precision): where a gateway under test
 * runs, while its clients and probes run in worker threads. Read from the kernel's scheduler
 * statistics (proc(5), /proc/[pid]/task/[tid]/schedstat: its first field is the time spent on a CPU,
 * in ns); the main thread's tid is the pid. Unlike a wall-clock time, it does not grow while the
 * thread waits for a core that other processes hold.
 */
export function mainThreadCpuMs(): number {
  const [onCpuNs] = fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ');
  return Number(onCpuNs) / 1e6;
}

export interface MainThreadStalls {
  /** The longest time the event loop ran no timer, on the wall clock: the thread's own work and any wait for a core. */
  longestWallMs: number;
  /** The most CPU time the main thread spent in one such stretch: the work that blocked the loop, without the waits. */
  longestCpuMs: number;
}

/**
 * Watches the main thread's event loop from now until `stop()`: a timer every `everyMs`, each time
 * noting the wall clock and the thread's CPU time. The longest gap between two timers is the
 * longest stall; the CPU time within a gap is what the code that ran in it cost. On a machine
 * whose cores other processes keep busy, a stall's wall time grows by the waits and its CPU time
 * does not, so a bound on what one request costs the server is a bound on the latter.
 */
export function watchMainThreadStalls(everyMs = 2): { stop(): MainThreadStalls } {
  const stalls: MainThreadStalls = { longestWallMs: 0, longestCpuMs: 0 };
  let lastWall = performance.now();
  let lastCpu = mainThreadCpuMs();
  const note = () => {
    const wall = performance.now();
    const cpu = mainThreadCpuMs();
    stalls.longestWallMs = Math.max(stalls.longestWallMs, wall - lastWall);
    stalls.longestCpuMs = Math.max(stalls.longestCpuMs, cpu - lastCpu);
    lastWall = wall;
    lastCpu = cpu;
  };
  const timer = setInterval(note, everyMs);
  return {
    stop() {
      clearInterval(timer);
      note();
      return stalls;
    },
  };
}
