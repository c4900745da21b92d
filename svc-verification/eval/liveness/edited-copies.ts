import fs from 'node:fs';
import path from 'node:path';
import { loadVerificationEnv } from '../../src/config/env';
import { type CaseResult, runCases, startEvaluationEngines } from '../evaluate';
import { generateEvaluationSet } from '../generate-set';
import { type EvalCase, type EvalManifest, readManifest } from '../manifest';
import { f3, quantile } from '../report-figures';

/**
 * Every copy of the document's portrait the evaluation set has, each edited as an attacker who knows
 * that a copy is looked for edits it, checked by the engine as configured, as the selfie of the
 * document it copies (pixelated-copies.eval.ts, warped-and-rephotographed-copies.eval.ts). Nothing is chosen on
 * it: it measures the rules as they are, on every split.
 */

/** One way of editing a copy (the set's selfie, 480 x 640) into the selfie an attacker sends. */
export interface CopyEdit {
  /** In the case ids and the report's rows. */
  name: string;
  /** In the report's head. */
  description: string;
  /** The edited selfie, a JPEG; `seed` is the same for a copy on every run. */
  apply(selfie: Buffer, seed: number): Promise<Buffer>;
}

/** The genuine selfies of each split taken as copies (the first ones, by the set's order). */
const COPIES_PER_SPLIT = 6;

/** Where the copies measured on 2026-11-29 were (0.216 or less) and every live frame was not (0.377 or more): docs/liveness.md. */
const FINE_DETAIL_LOW = 0.3;

/** The copies: the set's portrait crops, and the first genuine selfies of each split that are the portrait's own photo taken again. */
function isCopySource(entry: EvalCase, taken: Map<string, number>): boolean {
  if (entry.category === 'attack/portrait-crop') return true;
  if (entry.category !== 'genuine/clean' || !entry.selfieCopiesPortrait) return false;
  const n = taken.get(entry.split) ?? 0;
  taken.set(entry.split, n + 1);
  return n < COPIES_PER_SPLIT;
}

/** Where a check of edited copies writes its cases (`folder`/cases), and its report (a Markdown table headed `title`). */
export interface EditedCopiesRun {
  folder: string;
  title: string;
  reportFile: string;
}

/**
 * Writes every copy edited each way into `folder`/cases, with the cards' sides and a manifest, checks
 * them, and writes the report to `reportFile` and the output. The set's folder: EVAL_DIR if given
 * (the generated set, .data/eval/generated, holds every case); otherwise the cases it needs are
 * generated into `folder`/sources. Answers the results, and how many copies each edit was made of.
 */
export async function checkEditedCopies(
  edits: readonly CopyEdit[],
  { folder, title, reportFile }: EditedCopiesRun,
): Promise<{ results: CaseResult[]; copies: number }> {
  const env = loadVerificationEnv(process.env);
  let source = process.env.EVAL_DIR;
  if (!source) {
    source = path.join(folder, 'sources');
    await generateEvaluationSet(source, (id) => id.includes('portrait-crop-') || id.includes('genuine-'));
  }
  const taken = new Map<string, number>();
  const sources = readManifest(source).cases.filter((entry) => isCopySource(entry, taken));
  const cases: EvalCase[] = [];
  const casesFolder = path.join(folder, 'cases');
  fs.rmSync(casesFolder, { recursive: true, force: true });
  fs.mkdirSync(casesFolder, { recursive: true });
  for (const [index, entry] of sources.entries()) {
    const selfie = fs.readFileSync(path.join(source, entry.selfie));
    // the card's two sides once for the source, shared by its copies
    for (const side of [entry.front, entry.back]) fs.copyFileSync(path.join(source, side), path.join(casesFolder, side));
    for (const edit of edits) {
      const id = `${entry.id}-${edit.name}`;
      fs.writeFileSync(path.join(casesFolder, `${id}.jpg`), await edit.apply(selfie, 1000 + index));
      cases.push({
        ...entry,
        id,
        category: `attack/${edit.name}-copy`,
        selfie: `${id}.jpg`,
        expected: 'failed',
        expectedReason: 'liveness_failed',
        selfieCopiesPortrait: undefined,
        selfiePerson: entry.portraitPerson,
      });
    }
  }
  const manifest: EvalManifest = { cases };
  fs.writeFileSync(path.join(casesFolder, 'manifest.json'), JSON.stringify(manifest, null, 1));
  const engines = await startEvaluationEngines(env);
  let results: CaseResult[];
  try {
    results = await runCases(engines, casesFolder, manifest);
  } finally {
    await engines.shutdown();
  }
  const head = [
    title,
    '',
    `Sources: ${sources.filter((s) => s.category === 'attack/portrait-crop').length} portrait crops and ${sources.filter((s) => s.category !== 'attack/portrait-crop').length} genuine selfies that copy the portrait; each edited: ${edits.map((e) => `${e.name}, ${e.description}`).join('; ')}. The portrait-copy threshold in use: ${env.LIVENESS_PORTRAIT_COPY_MIN_SCORE}.`,
  ];
  const report = [...head, '', ...table(results, edits)].join('\n');
  fs.writeFileSync(reportFile, report);
  process.stdout.write(`\n${report}\n`);
  return { results, copies: sources.length };
}

const spread = (values: number[]) => (values.length ? `${f3(Math.min(...values))} / ${f3(quantile(values, 0.5))} / ${f3(Math.max(...values))}` : '-');

function table(results: CaseResult[], edits: readonly CopyEdit[]): string[] {
  const groups: [string, (r: CaseResult) => boolean][] = [
    ['tuning', (r) => r.entry.split === 'tuning'],
    ['held-out', (r) => r.entry.split === 'held-out'],
    ['unseen 1-5', (r) => r.entry.split.startsWith('unseen')],
  ];
  const kinds: [string, (r: CaseResult) => boolean][] = [
    ['portrait crops', (r) => r.entry.id.includes('portrait-crop-')],
    ['genuine selfies (the portrait photo taken again)', (r) => !r.entry.id.includes('portrait-crop-')],
  ];
  const lines = [
    '| edit | split | copies of | cases | verified (APCER) | refused as a copy (liveness_failed) | face_mismatch | no face found | copy score min / p50 / max | fine detail, own pixels: min / p50 / max (below 0.3) | block grid: min / p50 / max | resampling trace: min / p50 / max |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const edit of edits)
    for (const [split, inSplit] of groups)
      for (const [kind, ofKind] of kinds) {
        const rows = results.filter((r) => r.entry.category === `attack/${edit.name}-copy` && inSplit(r) && ofKind(r));
        if (rows.length === 0) continue;
        const scores = rows.map((r) => r.portraitCopy).filter((s): s is number => s !== undefined);
        const details = rows.map((r) => r.selfieFineDetail).filter((d): d is number => d !== undefined);
        const grids = rows.map((r) => r.selfieBlockGrid).filter((g): g is number => g !== undefined);
        const traces = rows.map((r) => r.selfieResamplingTrace).filter((t): t is number => t !== undefined);
        const count = (reason: string) => rows.filter((r) => r.reasons.includes(reason)).length;
        const verified = rows.filter((r) => r.decision === 'verified');
        lines.push(
          `| ${edit.name} | ${split} | ${kind} | ${rows.length} | **${verified.length}**${verified.length ? ` (${verified.map((r) => f3(r.portraitCopy ?? NaN)).join(', ')})` : ''} | ${count('liveness_failed')} | ${count('face_mismatch')} | ${count('no_face_in_selfie')} | ${spread(scores)} | ${details.length ? `${spread(details)} (${details.filter((d) => d < FINE_DETAIL_LOW).length})` : '-'} | ${spread(grids)} | ${spread(traces)} |`,
        );
      }
  return lines;
}
