import { execFileSync } from 'node:child_process';
import path from 'node:path';

const lib = (file: string) => JSON.stringify(path.resolve(__dirname, '..', file));

/** Runs `body` as an ES module in a child Node (the scripts are plain ES modules) and answers what it prints as JSON. */
function evaluate<T>(body: string): T {
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', body], { encoding: 'utf8' }).trim().split('\n').pop() as string) as T;
}

describe("npm start's supervisor (tools/lib/process-group.mjs)", () => {
  it('waits 1 s, then twice as long each time, up to 30 s, before starting a crashing service again', () => {
    const delays = evaluate<number[]>(`
      const { nextRestartDelayMs } = await import(${lib('lib/process-group.mjs')});
      const delays = [nextRestartDelayMs(undefined)];
      while (delays.length < 7) delays.push(nextRestartDelayMs(delays.at(-1)));
      console.log(JSON.stringify(delays));`);
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('tries NATS and the database again every 2 s at most, however long they keep failing', () => {
    // What each asks of its process group, from a group that records it instead of starting anything.
    const { delays, options } = evaluate<{ delays: number[]; options: Record<string, unknown>[] }>(`
      const { INFRASTRUCTURE_RESTART_MAX_MS, nextRestartDelayMs } = await import(${lib('lib/process-group.mjs')});
      const { startNats } = await import(${lib('infra/nats.mjs')});
      const { startFerretdbProcess } = await import(${lib('infra/ferretdb.mjs')});
      const options = [];
      const group = { start: (_name, _command, _args, given) => (options.push(given), { exited: () => true }) };
      const dir = (await import('node:fs')).mkdtempSync((await import('node:path')).join((await import('node:os')).tmpdir(), 'idv-infra-'));
      await startNats(group, { port: 1, dataDir: dir }).catch(() => undefined);
      await startFerretdbProcess(group, { port: 2, dataDir: dir, database: 'x' }).catch(() => undefined);
      const delays = [nextRestartDelayMs(undefined, INFRASTRUCTURE_RESTART_MAX_MS)];
      while (delays.length < 4) delays.push(nextRestartDelayMs(delays.at(-1), INFRASTRUCTURE_RESTART_MAX_MS));
      console.log(JSON.stringify({ delays, options }));`);
    expect(options).toHaveLength(2);
    for (const given of options) expect(given).toMatchObject({ restartMaxMs: 2000 });
    expect(delays).toEqual([1000, 2000, 2000, 2000]);
  });
});
