import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { log, elapsed } from '../lib/log.mjs';
import { ROOT } from '../lib/paths.mjs';
import { run } from '../lib/run.mjs';

const LOCKFILE = path.join(ROOT, 'package-lock.json');
const STAMP = path.join(ROOT, 'node_modules/.idv-installed-lock');

/** `npm ci` when node_modules is missing or was installed from another lockfile. */
export async function ensureNodeModules() {
  const lockHash = crypto.createHash('sha256').update(fs.readFileSync(LOCKFILE)).digest('hex');
  const installed = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : undefined;
  if (installed === lockHash) return;
  const start = performance.now();
  log(installed ? 'package-lock.json changed: reinstalling npm packages (npm ci)' : 'installing npm packages (npm ci)');
  await run('npm', ['ci', '--no-audit', '--no-fund']);
  fs.writeFileSync(STAMP, `${lockHash}\n`);
  log(`npm packages installed in ${elapsed(start)}`);
}
