import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { elapsed, log } from '../lib/log.mjs';
import { TOOLS_DIR } from '../lib/paths.mjs';
import { run } from '../lib/run.mjs';

/** The API fuzzer of `npm test` (tools/fuzz/api-fuzz.mjs), from PyPI, pinned. */
const SCHEMATHESIS_VERSION = '4.32.5';
const VENV = path.join(TOOLS_DIR, 'schemathesis');
export const SCHEMATHESIS_BIN = path.join(VENV, 'bin/schemathesis');

function installedVersion() {
  if (!fs.existsSync(SCHEMATHESIS_BIN)) return undefined;
  const result = spawnSync(SCHEMATHESIS_BIN, ['--version'], { encoding: 'utf8' });
  return /version\s+(\S+)/.exec(result.stdout ?? '')?.[1];
}

/** schemathesis in a virtual environment of its own under .tools: nothing outside the project changes. */
export async function ensureSchemathesis() {
  if (installedVersion() === SCHEMATHESIS_VERSION) return;
  const start = performance.now();
  log(`installing schemathesis ${SCHEMATHESIS_VERSION} from PyPI (the API fuzzer)`);
  fs.rmSync(VENV, { recursive: true, force: true });
  await run('python3', ['-m', 'venv', VENV]);
  await run(path.join(VENV, 'bin/pip'), ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`]);
  const version = installedVersion();
  if (version !== SCHEMATHESIS_VERSION) throw new Error(`schemathesis reports version ${version}, expected ${SCHEMATHESIS_VERSION}`);
  log(`schemathesis installed in ${elapsed(start)}`);
}
