import fs from 'node:fs';

/** Linux counts a thread's CPU time in clock ticks of 1/100 s (USER_HZ, the same on every architecture Node runs on). */
const TICK_MS = 10;

/**
 * The CPU time (user and system) one thread of this process has spent, in milliseconds, from
 * /proc/self/task/<tid>/stat; undefined when it cannot be read (not Linux, or the thread ended).
 * Waiting for a core costs a thread nothing here, unlike on the wall clock.
 */
export function threadCpuMs(tid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // after the command name (in parentheses, which may hold spaces): state is field 3, utime 14, stime 15
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * TICK_MS : undefined;
  } catch {
    return undefined;
  }
}
