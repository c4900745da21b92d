import { spawn } from 'node:child_process';
import path from 'node:path';
import { log } from '../lib/log.mjs';
import fs from 'node:fs';
import { DATA_DIR, ROOT } from '../lib/paths.mjs';
import { SCHEMATHESIS_BIN } from '../setup/schemathesis.mjs';
import { documentedExceptions, reportedCases, undocumentedFailures } from './documented-exceptions.mjs';

const CONFIG = path.join(ROOT, 'tools/fuzz/schemathesis.toml');
/** Cases per operation and phase; about 1,200 requests in all, 20 s. */
const MAX_EXAMPLES = 50;
/** `npm test` runs one fixed seed, so that it passes or fails the same way every time; FUZZ_SEED=random draws one. */
const DEFAULT_SEED = '20261124';
/**
 * The stock run's request timeout, in seconds: the live session stream never ends, and schemathesis
 * reads each stream for its whole timeout (10 s by default, about 70 streams: 12 minutes). Every
 * other answer of the API comes within milliseconds.
 */
const STOCK_REQUEST_TIMEOUT_S = 2;

/**
 * schemathesis against a running gateway, from its own OpenAPI document: every check (server
 * errors, schema conformance of every answer, schema-valid requests accepted and schema-invalid ones
 * refused, 405 for undeclared methods, unknown fields refused), every phase (examples, coverage,
 * fuzzing, stateful: chains of calls that follow the answers' links). Resolves with its counts;
 * rejects when it reports a failure. `apiKey` is sent on every call.
 */
export async function fuzzApi({ apiUrl, apiKey, seed = process.env.FUZZ_SEED ?? DEFAULT_SEED }) {
  const { generated, code } = await runSchemathesis(['--config-file', CONFIG, ...commonArgs({ apiUrl, apiKey, seed }), '--max-examples', String(MAX_EXAMPLES)]);
  if (code !== 0 || generated === 0) throw new Error(`schemathesis exited ${code}${generated ? ` after ${generated} cases` : ''}: see its report above`);
  log(`API fuzzing: ${generated} cases, 0 failures`);
  return { generated };
}

/**
 * schemathesis as anyone would first run it: no configuration, its default number of cases, every
 * check and phase, the live stream included (read 2 s each). It passes when every failure it reports
 * is one tools/fuzz/schemathesis.toml documents (documented-exceptions.mjs): the rules no OpenAPI
 * document can state. Resolves with its counts; rejects, naming them, on any other.
 */
export async function fuzzApiStock({ apiUrl, apiKey, seed = process.env.FUZZ_SEED ?? DEFAULT_SEED }) {
  const report = path.join(workDir(), 'stock-junit.xml');
  fs.rmSync(report, { force: true });
  const { generated } = await runSchemathesis([
    ...commonArgs({ apiUrl, apiKey, seed }),
    '--request-timeout',
    String(STOCK_REQUEST_TIMEOUT_S),
    '--report',
    'junit',
    '--report-junit-path',
    report,
  ]);
  if (!fs.existsSync(report) || generated === 0) throw new Error('schemathesis (stock settings) wrote no report: see its output above');
  const cases = reportedCases(fs.readFileSync(report, 'utf8'));
  const undocumented = undocumentedFailures(cases, documentedExceptions(CONFIG));
  if (undocumented.length > 0) {
    throw new Error(
      `schemathesis (stock settings): ${undocumented.length} failure(s) no rule of schemathesis.toml explains: ${undocumented.map((c) => `${c.operation} ${c.checks.join('+') || c.kind} [${c.status}]`).join('; ')}`,
    );
  }
  const documented = cases.map((c) => `${c.operation} ${c.checks.join('+')} [${c.status}]`);
  log(`API fuzzing, stock settings: ${generated} cases, ${documented.length ? `only documented rules (${documented.join('; ')})` : '0 failures'}`);
  return { generated, documented };
}

/** The target, the key and the seed; every check. */
function commonArgs({ apiUrl, apiKey, seed }) {
  const args = ['run', `${apiUrl}/docs-json`, '--url', new URL(apiUrl).origin, '--header', `x-api-key: ${apiKey}`, '--checks', 'all', '--no-color'];
  if (seed !== 'random') args.push('--seed', seed);
  return args;
}

/** schemathesis keeps a cache of what it found in its working directory: under .data, not in the tree (and away from any schemathesis.toml). */
function workDir() {
  const dir = path.join(DATA_DIR, 'fuzz');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Runs schemathesis with these arguments, its report on this process' output; resolves with its exit code and case count. */
function runSchemathesis(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(SCHEMATHESIS_BIN, args, { cwd: workDir(), stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const counts = /(\d+) generated, (?:(\d+) found \d+ unique failures?|(\d+) passed)/.exec(output);
      resolve({ code, generated: Number(counts?.[1] ?? 0) });
    });
  });
}
