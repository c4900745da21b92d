import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { log, elapsed } from '../lib/log.mjs';
import { ROOT, TOOLS_BIN, TOOLS_DIR } from '../lib/paths.mjs';
import { run, which } from '../lib/run.mjs';

export const FERRETDB_VERSION = 'v1.24.2';
export const FERRETDB_BIN = path.join(TOOLS_BIN, 'ferretdb');
const PIN_MODULE_DIR = path.join(ROOT, 'tools/ferretdb');
const SOURCE_DIR = path.join(TOOLS_DIR, 'ferretdb-src');

function installedVersion() {
  if (!fs.existsSync(FERRETDB_BIN)) return undefined;
  const result = spawnSync(FERRETDB_BIN, ['--version'], { encoding: 'utf8' });
  return /version:\s*(\S+)/.exec(result.stdout ?? '')?.[1];
}

/**
 * Builds FerretDB from its Go module when `.tools/bin/ferretdb` is missing or another version.
 *
 * `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2` does not work here: it asks
 * the module proxy for FerretDB's version list (to look for deprecations), which the proxy
 * refuses, and a binary built from the module as published panics at start because the
 * module lacks build/version/version.txt. So: download the pinned module (tools/ferretdb/go.mod,
 * verified by go.sum), copy it, write version.txt, and build it as its own main module.
 */
export async function ensureFerretdb() {
  if (installedVersion() === FERRETDB_VERSION) return;
  if (!which('go')) throw new Error('Go is needed to build FerretDB and was not found on the PATH');
  const start = performance.now();
  log(`building FerretDB ${FERRETDB_VERSION} with Go (once; about a minute)`);
  const goEnv = { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' };
  const download = spawnSync('go', ['mod', 'download', '-json', 'github.com/FerretDB/FerretDB'], {
    cwd: PIN_MODULE_DIR,
    env: goEnv,
    encoding: 'utf8',
  });
  if (download.status !== 0) {
    throw new Error(`go mod download of FerretDB failed:\n${download.stdout}${download.stderr}`);
  }
  const moduleDir = JSON.parse(download.stdout).Dir;
  fs.rmSync(SOURCE_DIR, { recursive: true, force: true });
  fs.cpSync(moduleDir, SOURCE_DIR, { recursive: true });
  const versionDir = path.join(SOURCE_DIR, 'build/version');
  fs.chmodSync(SOURCE_DIR, 0o755);
  fs.chmodSync(versionDir, 0o755);
  fs.writeFileSync(path.join(versionDir, 'version.txt'), `${FERRETDB_VERSION}\n`);
  fs.mkdirSync(TOOLS_BIN, { recursive: true });
  const build = (extra) =>
    run('go', ['build', '-trimpath', ...extra, '-o', FERRETDB_BIN, './cmd/ferretdb'], { cwd: SOURCE_DIR, env: goEnv });
  try {
    await build([]);
  } catch {
    // Newer Go refuses some of FerretDB's dependencies' go:linkname uses; this is Go's escape hatch.
    log('retrying the FerretDB build with -ldflags=-checklinkname=0');
    await build(['-ldflags=-checklinkname=0']);
  }
  const version = installedVersion();
  if (version !== FERRETDB_VERSION) throw new Error(`built FerretDB reports version ${version}, expected ${FERRETDB_VERSION}`);
  log(`FerretDB ${version} built in ${elapsed(start)}`);
}
