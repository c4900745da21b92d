import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const processGroup = path.resolve(__dirname, '../lib/process-group.mjs');

/**
 * Runs the scripts' ProcessGroup (an ES module) in a child Node: a process that exits at once,
 * restarted as `npm start` restarts crashed ones, for `ms`. Answers how often it was started (each
 * start appends a character to a file) and INFRASTRUCTURE_RESTART_MAX_MS.
 */
async function startsWithin(ms: number, options: Record<string, unknown>): Promise<{ starts: number; infrastructureMaxMs: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-group-'));
  const counter = path.join(dir, 'starts');
  const crash = `require('node:fs').appendFileSync(${JSON.stringify(counter)}, 'x'); process.exit(3)`;
  const script = `
    const { INFRASTRUCTURE_RESTART_MAX_MS, ProcessGroup } = await import(${JSON.stringify(processGroup)});
    const group = new ProcessGroup({ logDir: ${JSON.stringify(dir)}, restartCrashed: true });
    group.start('crashes', process.execPath, ['-e', ${JSON.stringify(crash)}], ${JSON.stringify(options)});
    await new Promise((resolve) => setTimeout(resolve, ${ms}));
    await group.stop();
    console.log(JSON.stringify({ infrastructureMaxMs: INFRASTRUCTURE_RESTART_MAX_MS }));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const { infrastructureMaxMs } = JSON.parse(stdout.trim().split('\n').pop() as string) as { infrastructureMaxMs: number };
  return { starts: fs.existsSync(counter) ? fs.readFileSync(counter, 'utf8').length : 0, infrastructureMaxMs };
}

describe("npm start's supervisor (tools/lib/process-group.mjs)", () => {
  it('tries NATS and the database again every 2 s at most, however long they keep failing', async () => {
    // Capped at 1 s here to keep the test short: started at 0, then 1, 2 and 3 s (uncapped: 0, 1 and 3 s).
    const { starts, infrastructureMaxMs } = await startsWithin(3600, { restartMaxMs: 1000 });
    expect(infrastructureMaxMs).toBe(2000);
    expect(starts).toBeGreaterThanOrEqual(4);
  });

  it('backs a crashing service off 1, 2, 4 ... s', async () => {
    expect((await startsWithin(3600, {})).starts).toBeLessThanOrEqual(3);
  });
});
