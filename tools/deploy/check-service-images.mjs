#!/usr/bin/env node
/**
 * Each service's image carries its own production dependencies and nothing else.
 * For every service, runs deploy/service.Dockerfile's last stage on this machine (dockerfile-stages.mjs),
 * its dependency install included, with the build stage's output taken from this repository (npm test
 * builds it first). Then, inside the image's files:
 *  - every package the compiled code names (require, require.resolve) resolves;
 *  - the service's app module loads: every static import, native sharp included;
 *  - none of what the service does not use is there (no sharp, tesseract, human or react in the
 *    sessions image; no build tools anywhere).
 * Prints each image's node_modules size. `npm test` runs it; alone: node tools/deploy/check-service-images.mjs [svc-...]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { elapsed, fail, log } from '../lib/log.mjs';
import { ROOT } from '../lib/paths.mjs';
import { runStages } from './dockerfile-stages.mjs';

const BUILD_AND_BROWSER = ['typescript', 'jest', '@rspack/core', 'react', 'react-dom', 'nx', 'playwright-core'];
const VERIFICATION_ONLY = ['sharp', 'tesseract.js', '@vladmandic/human', '@tensorflow/tfjs-core', '@tesseract.js-data/eng'];
// @nestjs/platform-express (and express) stays in every image: @nestjs/core names it as an optional
// peer, and npm installs an optional peer the lockfile holds.
const ABSENT = {
  'svc-sessions': [...BUILD_AND_BROWSER, ...VERIFICATION_ONLY, '@nestjs/swagger', 'nestjs-zod'],
  'svc-gateway': [...BUILD_AND_BROWSER, ...VERIFICATION_ONLY, 'mongoose'],
  'svc-verification': [...BUILD_AND_BROWSER, 'mongoose', '@nestjs/swagger'],
};
/** The compiled code of an image: its service and the two libraries it links to. */
const CODE_FOLDERS = (service) => ['libs/contracts/dist', 'libs/service-kit/dist', `${service}/dist`];

function javascriptFiles(folder) {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.c?js$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Bare package names the file requires or resolves; relative paths and Node built-ins left out. */
function requiredPackages(file) {
  const code = fs.readFileSync(file, 'utf8');
  const names = [...code.matchAll(/require(?:\.resolve)?\(\s*["']([^"'./][^"']*)["']\s*\)/g)].map((m) => m[1]);
  return [...new Set(names)].filter((name) => !isBuiltin(name));
}

function checkImage(service, workDir) {
  const problems = [];
  const root = runStages({
    dockerfile: path.join(ROOT, 'deploy/service.Dockerfile'),
    context: ROOT,
    args: { SERVICE: service },
    prebuilt: { build: { '/app': ROOT } },
    workDir: path.join(workDir, service),
    log: (line) => log(`${service}: ${line}`),
  });
  const app = path.join(root, 'app');

  let required = 0;
  for (const folder of CODE_FOLDERS(service)) {
    for (const file of javascriptFiles(path.join(app, folder))) {
      const resolveHere = createRequire(file);
      for (const name of requiredPackages(file)) {
        required += 1;
        try {
          const resolved = resolveHere.resolve(name);
          if (!resolved.startsWith(app + path.sep)) problems.push(`${name} (from ${path.relative(app, file)}) resolves outside the image: ${resolved}`);
        } catch {
          problems.push(`${name} (from ${path.relative(app, file)}) is not in the image`);
        }
      }
    }
  }
  if (required === 0) problems.push('no require() found in the compiled code: the check read nothing');

  const load = spawnSync(process.execPath, ['-e', "require('./dist/app.module.js')"], {
    cwd: path.join(app, service),
    env: { PATH: process.env.PATH, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (load.status !== 0) problems.push(`its app module does not load:\n${load.stderr.trim()}`);

  for (const name of ABSENT[service]) {
    if (fs.existsSync(path.join(app, 'node_modules', name))) problems.push(`${name} is in the image; ${service} does not use it`);
  }

  const kilobytes = Number(spawnSync('du', ['-sk', path.join(app, 'node_modules')], { encoding: 'utf8' }).stdout.split('\t')[0]);
  return { problems, megabytes: Math.round(kilobytes / 1024), required };
}

const services = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(ABSENT);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-images-'));
let failed = false;
try {
  for (const service of services) {
    const start = performance.now();
    const { problems, megabytes, required } = checkImage(service, workDir);
    if (problems.length) {
      failed = true;
      for (const problem of problems) fail(`${service} image: ${problem}`);
    } else {
      log(`${service} image: node_modules ${megabytes} MB, ${required} require() calls resolve, app module loads (${elapsed(start)})`);
    }
  }
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
