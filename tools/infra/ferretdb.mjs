import fs from 'node:fs';
import path from 'node:path';
import { assertPortFree } from '../lib/ports.mjs';
import { INFRASTRUCTURE_RESTART_MAX_MS } from '../lib/process-group.mjs';
import { waitForPort } from '../lib/wait.mjs';
import { FERRETDB_BIN } from '../setup/ferretdb.mjs';

/** FerretDB with its SQLite backend: the MongoDB wire protocol on loopback, data under `dataDir`. */
export async function startFerretdb(group, options) {
  return (await startFerretdbProcess(group, options)).uri;
}

/** The same, with the process's handle (the fault suite kills it); `name` names it in the logs. */
export async function startFerretdbProcess(group, { port, dataDir, database, name = 'ferretdb' }) {
  await assertPortFree(port, 'FerretDB');
  const sqliteDir = path.join(dataDir, 'ferretdb');
  const stateDir = path.join(dataDir, 'ferretdb-state');
  fs.mkdirSync(sqliteDir, { recursive: true });
  fs.mkdirSync(stateDir, { recursive: true });
  const ferretdb = group.start(
    name,
    FERRETDB_BIN,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${sqliteDir}/`,
      `--state-dir=${stateDir}`,
      `--listen-addr=127.0.0.1:${port}`,
      // No metrics listener. It had a random free port (so that two stacks could run side by side), and a
      // random port may be one a later stack needs: the fault suite's NATS port was once taken so.
      '--debug-addr=-',
      '--telemetry=disable',
      // At warn FerretDB prints every error response document; error keeps data out of its log.
      '--log-level=error',
      // Go collects garbage when the heap has grown by GOGC % since the last collection. At the default
      // 100 collection was about 11 % of FerretDB's CPU under bench:api's reads; at 400 a session read
      // costs FerretDB about 20 % less CPU (0.91 against 1.15 ms) for about 12 MB more memory (68 MB).
    ],
    { env: { GOGC: '400' }, restartMaxMs: INFRASTRUCTURE_RESTART_MAX_MS },
  );
  await waitForPort(port, 'FerretDB', { exited: ferretdb.exited });
  return { uri: `mongodb://127.0.0.1:${port}/${database}`, process: ferretdb };
}
