#!/usr/bin/env node
/**
 * `npm run report:liveness -- [svc-verification log files]` (or the log on stdin): what the liveness
 * signals that decide nothing yet say of this deployment's own traffic, from the records
 * svc-verification logs (words and numbers, no personal data): the head turns
 * (head-turn-report.mjs) and the portrait-copy score (portrait-copy-report.mjs).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeHeadTurns, recordsOf } from './head-turn-report.mjs';
import { describePortraitCopies, portraitCopyRecordsOf } from './portrait-copy-report.mjs';

/** The whole report of a log's text. */
export function livenessReport(text) {
  return [describeHeadTurns(recordsOf(text)), '', ...describePortraitCopies(portraitCopyRecordsOf(text))].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2);
  const text = files.length > 0 ? files.map((file) => fs.readFileSync(file, 'utf8')).join('\n') : fs.readFileSync(0, 'utf8');
  console.log(livenessReport(text));
}
