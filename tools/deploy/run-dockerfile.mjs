#!/usr/bin/env node
/**
 * Runs every stage of one of our Dockerfiles on this machine (no Docker engine needed) and leaves the
 * last stage's files in a folder, to see what an image would hold or to prove that it builds:
 *   node tools/deploy/run-dockerfile.mjs deploy/frontend.Dockerfile APP=mf-landing [ROLE=remote] [--out DIR]
 * Each stage runs with this machine's node and npm (dockerfile-stages.mjs says what that covers).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { elapsed, log } from '../lib/log.mjs';
import { ROOT } from '../lib/paths.mjs';
import { runStages } from './dockerfile-stages.mjs';

const [dockerfile, ...rest] = process.argv.slice(2);
if (!dockerfile) {
  process.stderr.write('usage: node tools/deploy/run-dockerfile.mjs DOCKERFILE [ARG=value ...] [--out DIR]\n');
  process.exit(2);
}
const outIndex = rest.indexOf('--out');
const workDir = outIndex >= 0 ? path.resolve(rest[outIndex + 1]) : fs.mkdtempSync(path.join(os.tmpdir(), 'idv-image-'));
const args = Object.fromEntries(rest.filter((word, i) => word.includes('=') && i !== outIndex + 1).map((word) => word.split(/=(.*)/s).slice(0, 2)));

const start = performance.now();
const root = runStages({ dockerfile: path.resolve(ROOT, dockerfile), context: ROOT, args, workDir, log });
log(`built in ${elapsed(start)}; the image's files: ${root}`);
