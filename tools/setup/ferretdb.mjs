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
/** Names the source changes the binary was built with; a binary without this stamp is rebuilt. */
const BUILD_STAMP = path.join(TOOLS_BIN, 'ferretdb.build');

/**
 * Changes to FerretDB's source before it is built (docs/decisions.md, "The embedded database").
 *
 * sqlite-id-index: the SQLite backend creates its unique `_id` index on `_ferretdb_sjson->"_id"`
 * but looks documents up by `_id` with `_ferretdb_sjson->'$._id'`. SQLite matches an expression
 * index only on the same expression, so every find, update and delete by `_id` scanned the whole
 * table (measured: 100 ms at 20,000 documents, growing with them). Writing the look-up as the index
 * is written makes it an index search (0.1 ms at any size). Both expressions read the same value.
 *
 * sqlite-id-in: FerretDB passes only `{_id: <string>}` to SQLite; `{_id: {$in: [...]}}` read the
 * whole table and filtered it in Go. svc-sessions reads a session's records together with one
 * `$in` (sessions/batched-reads.ts), so this patch passes `$in` of strings or ObjectIDs down as
 * `_id IN (...)`, an index search (tools/ferretdb/query_id_filter.go.txt). FerretDB still filters
 * what SQLite returns with the whole filter, so the answer is the same; only the scan goes.
 *
 * no-resource-tracking: FerretDB's leak detector (internal/util/resource) records every iterator,
 * cursor and connection it opens in a pprof profile with its call stack, and sets a finalizer that
 * panics, ending the process, if one is ever collected unclosed. Capturing those stacks was about
 * 11 % of FerretDB's CPU under bench:api's reads (Go's CPU profile: `resource.Track`, 1.24 running
 * 3 queries per session read); the panic is a test-time check that would take the database down in
 * production. Track and Untrack return at once; everything else is FerretDB's own.
 */
const PATCHES = [
  {
    name: 'sqlite-id-index',
    edits: [
      {
        file: 'internal/backends/sqlite/metadata/metadata.go',
        find: `IDColumn = DefaultColumn + "->'$._id'"`,
        replace: `IDColumn = DefaultColumn + "->\\"_id\\""`,
      },
    ],
  },
  {
    name: 'sqlite-id-in',
    create: { file: 'internal/backends/sqlite/query_id_filter.go', source: path.join(PIN_MODULE_DIR, 'query_id_filter.go.txt') },
    edits: [
      {
        file: 'internal/backends/sqlite/collection.go',
        find: `\t\tswitch v.(type) {
\t\tcase string, types.ObjectID:
\t\t\twhereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
\t\t}`,
        replace: `\t\tif clause, values, ok := idFilterClause(v); ok {
\t\t\twhereClause, args = clause, values
\t\t}`,
      },
      {
        file: 'internal/backends/sqlite/collection.go',
        find: `\t\tswitch v.(type) {
\t\tcase string, types.ObjectID:
\t\t\tfilterPushdown = true
\t\t\twhereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
\t\t}`,
        replace: `\t\tif clause, values, ok := idFilterClause(v); ok {
\t\t\tfilterPushdown, whereClause, args = true, clause, values
\t\t}`,
      },
    ],
  },
  {
    name: 'no-resource-tracking',
    edits: [
      {
        file: 'internal/util/resource/resource.go',
        find: `func Track(obj any, token *Token) {\n`,
        replace: `func Track(obj any, token *Token) {\n\tif true {\n\t\treturn\n\t}\n`,
      },
      {
        file: 'internal/util/resource/resource.go',
        find: `func Untrack(obj any, token *Token) {\n`,
        replace: `func Untrack(obj any, token *Token) {\n\tif true {\n\t\treturn\n\t}\n`,
      },
    ],
  },
];
const BUILD = `${FERRETDB_VERSION}+${PATCHES.map((p) => p.name).join('+')}`;

function applyPatches(sourceDir) {
  for (const patch of PATCHES) {
    if (patch.create) fs.copyFileSync(patch.create.source, path.join(sourceDir, patch.create.file));
    for (const edit of patch.edits) {
      const file = path.join(sourceDir, edit.file);
      const source = fs.readFileSync(file, 'utf8');
      if (!source.includes(edit.find)) throw new Error(`FerretDB patch ${patch.name}: ${edit.file} no longer contains ${edit.find}`);
      fs.chmodSync(file, 0o644);
      fs.writeFileSync(file, source.replace(edit.find, edit.replace));
    }
  }
}

function installedBuild() {
  if (!fs.existsSync(BUILD_STAMP)) return undefined;
  return installedVersion() === FERRETDB_VERSION ? fs.readFileSync(BUILD_STAMP, 'utf8').trim() : undefined;
}

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
 * verified by go.sum), copy it, write version.txt, apply PATCHES, and build it as its own main module.
 */
export async function ensureFerretdb() {
  if (installedBuild() === BUILD) return;
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
  applyPatches(SOURCE_DIR);
  fs.mkdirSync(TOOLS_BIN, { recursive: true });
  const build = (extra) => run('go', ['build', '-trimpath', ...extra, '-o', FERRETDB_BIN, './cmd/ferretdb'], { cwd: SOURCE_DIR, env: goEnv });
  try {
    await build([]);
  } catch {
    // Newer Go refuses some of FerretDB's dependencies' go:linkname uses; this is Go's escape hatch.
    log('retrying the FerretDB build with -ldflags=-checklinkname=0');
    await build(['-ldflags=-checklinkname=0']);
  }
  const version = installedVersion();
  if (version !== FERRETDB_VERSION) throw new Error(`built FerretDB reports version ${version}, expected ${FERRETDB_VERSION}`);
  fs.writeFileSync(BUILD_STAMP, `${BUILD}\n`);
  log(`FerretDB ${BUILD} built in ${elapsed(start)}`);
}
