import { spawn } from 'node:child_process';
import path from 'node:path';
import { log } from '../lib/log.mjs';
import fs from 'node:fs';
import { DATA_DIR, ROOT } from '../lib/paths.mjs';
import { SCHEMATHESIS_BIN } from '../setup/schemathesis.mjs';

const CONFIG = path.join(ROOT, 'tools/fuzz/schemathesis.toml');
/** Cases per operation and phase; about 1,200 requests in all, 20 s. */
const MAX_EXAMPLES = 50;
/** `npm test` runs one fixed seed, so that it passes or fails the same way every time; FUZZ_SEED=random draws one. */
const DEFAULT_SEED = '20261124';

/**
 * schemathesis against a running gateway, from its own OpenAPI document: every check (server
 * errors, schema conformance of every answer, schema-valid requests accepted and schema-invalid ones
 * refused, 405 for undeclared methods, unknown fields refused), every phase (examples, coverage,
 * fuzzing, stateful: chains of calls that follow the answers' links). Resolves with its counts;
 * rejects when it reports a failure. `apiKey` is sent on every call.
 */
export function fuzzApi({ apiUrl, apiKey, seed = process.env.FUZZ_SEED ?? DEFAULT_SEED }) {
  const origin = new URL(apiUrl).origin;
  const args = ['--config-file', CONFIG, 'run', `${apiUrl}/docs-json`, '--url', origin, '--header', `x-api-key: ${apiKey}`];
  args.push('--checks', 'all', '--max-examples', String(MAX_EXAMPLES), '--no-color');
  if (seed !== 'random') args.push('--seed', seed);
  // schemathesis keeps a cache of what it found in its working directory: under .data, not in the tree.
  const workDir = path.join(DATA_DIR, 'fuzz');
  fs.mkdirSync(workDir, { recursive: true });
  return new Promise((resolve, reject) => {
    const child = spawn(SCHEMATHESIS_BIN, args, { cwd: workDir, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const counts = /(\d+) generated, (?:(\d+) found \d+ unique failures?|(\d+) passed)/.exec(output);
      const generated = Number(counts?.[1] ?? 0);
      if (code === 0 && generated > 0) {
        log(`API fuzzing: ${generated} cases, 0 failures`);
        resolve({ generated });
      } else {
        reject(new Error(`schemathesis exited ${code}${generated ? ` after ${generated} cases` : ''}: see its report above`));
      }
    });
  });
}
