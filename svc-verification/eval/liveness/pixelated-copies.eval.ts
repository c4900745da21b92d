import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadVerificationEnv } from '../../src/config/env';
import { type CaseResult, runCases, startEvaluationEngines } from '../evaluate';
import { generateEvaluationSet } from '../generate-set';
import { type EvalCase, type EvalManifest, readManifest } from '../manifest';
import { f3, quantile } from '../report-figures';

/**
 * `npm run eval:liveness -- pixelated-copies`: how far pixelating a copy of the document's portrait
 * gets it past the checks (docs/liveness.md, "Pixelated copies of the portrait"). The edited crops of
 * the evaluation set pixelate at one strength; this takes every copy of the portrait the set has
 * (its portrait crops, and the first genuine selfies of each split, which are the portrait's own photo
 * taken again) and pixelates each at three strengths, as an image editor's "pixelate" does: brought
 * down to a grid of blocks (nearest neighbour), enlarged again (cubic), saved as JPEG; and once
 * brought down smoothly instead (no blocks). Each is then
 * checked by the engine as configured, as the selfie of the document it copies. Nothing is chosen on
 * it: it measures the rules as they are.
 *
 * The set's folder: EVAL_DIR if given (the generated set, .data/eval/generated, holds every case);
 * otherwise the cases it needs are generated into .data/eval/pixelated/sources.
 * Writes .data/eval/pixelated-copies-report.md.
 */
const ROOT = path.resolve(__dirname, '../../..');
const OUT = path.join(ROOT, '.data/eval');
const FOLDER = path.join(OUT, 'pixelated');

/**
 * The copy as the set makes a selfie (480 x 640), brought down to this many blocks across and down:
 * by the nearest pixel (an editor's "pixelate", whose blocks show), or smoothly (a picture made
 * small and enlarged again, which shows no blocks).
 */
interface Reduction {
  name: string;
  across: number;
  down: number;
  kernel: 'nearest' | 'linear';
}
const REDUCTIONS: Reduction[] = [
  { name: 'pixelated-72x96', across: 72, down: 96, kernel: 'nearest' },
  { name: 'pixelated-56x75', across: 56, down: 75, kernel: 'nearest' },
  { name: 'pixelated-40x53', across: 40, down: 53, kernel: 'nearest' },
  { name: 'reduced-56x75', across: 56, down: 75, kernel: 'linear' },
];
/** The genuine selfies of each split taken as copies (the first ones, by the set's order). */
const COPIES_PER_SPLIT = 6;

async function reduced(selfie: Buffer, { across, down, kernel }: Reduction): Promise<Buffer> {
  const framed = await sharp(selfie).resize(480, 640, { fit: 'cover' }).toBuffer();
  const blocks = await sharp(framed).resize(across, down, { kernel }).toBuffer();
  return sharp(blocks).resize(480, 640, { kernel: 'cubic' }).jpeg({ quality: 80 }).toBuffer();
}

function isCopySource(entry: EvalCase, taken: Map<string, number>): boolean {
  if (entry.category === 'attack/portrait-crop') return true;
  if (entry.category !== 'genuine/clean' || !entry.selfieCopiesPortrait) return false;
  const n = taken.get(entry.split) ?? 0;
  taken.set(entry.split, n + 1);
  return n < COPIES_PER_SPLIT;
}

it('checks copies of the portrait pixelated, or made small and enlarged again', async () => {
  const env = loadVerificationEnv(process.env);
  let source = process.env.EVAL_DIR;
  if (!source) {
    source = path.join(FOLDER, 'sources');
    await generateEvaluationSet(source, (id) => id.includes('portrait-crop-') || id.includes('genuine-'));
  }
  const taken = new Map<string, number>();
  const sources = readManifest(source).cases.filter((entry) => isCopySource(entry, taken));
  const cases: EvalCase[] = [];
  fs.rmSync(path.join(FOLDER, 'cases'), { recursive: true, force: true });
  fs.mkdirSync(path.join(FOLDER, 'cases'), { recursive: true });
  for (const entry of sources) {
    const selfie = fs.readFileSync(path.join(source, entry.selfie));
    // the card's two sides once for the source, shared by its copies
    for (const side of [entry.front, entry.back]) fs.copyFileSync(path.join(source, side), path.join(FOLDER, 'cases', side));
    for (const reduction of REDUCTIONS) {
      const id = `${entry.id}-${reduction.name}`;
      fs.writeFileSync(path.join(FOLDER, 'cases', `${id}.jpg`), await reduced(selfie, reduction));
      cases.push({
        ...entry,
        id,
        category: `attack/${reduction.name}-copy`,
        selfie: `${id}.jpg`,
        expected: 'failed',
        expectedReason: 'liveness_failed',
        selfieCopiesPortrait: undefined,
        selfiePerson: entry.portraitPerson,
      });
    }
  }
  const manifest: EvalManifest = { cases };
  fs.writeFileSync(path.join(FOLDER, 'cases', 'manifest.json'), JSON.stringify(manifest, null, 1));
  const engines = await startEvaluationEngines(env);
  let results: CaseResult[];
  try {
    results = await runCases(engines, path.join(FOLDER, 'cases'), manifest);
  } finally {
    await engines.shutdown();
  }
  const text = report(results, sources, env.LIVENESS_PORTRAIT_COPY_MIN_SCORE);
  fs.writeFileSync(path.join(OUT, 'pixelated-copies-report.md'), text);
  process.stdout.write(`\n${text}\n`);
  expect(results).toHaveLength(cases.length);
}, 3_600_000);

function report(results: CaseResult[], sources: EvalCase[], threshold: number): string {
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
    '### Copies of the portrait, pixelated (`npm run eval:liveness -- pixelated-copies`)',
    '',
    `Sources: ${sources.filter((s) => s.category === 'attack/portrait-crop').length} portrait crops and ${sources.filter((s) => s.category !== 'attack/portrait-crop').length} genuine selfies that copy the portrait; each brought down from 480 x 640 and enlarged again: ${REDUCTIONS.map((r) => `${r.across} x ${r.down} (${r.kernel === 'nearest' ? 'pixelated' : 'smoothly'})`).join(', ')}. The portrait-copy threshold in use: ${threshold}.`,
    '',
    '| reduced to | split | copies of | cases | verified (APCER) | refused as a copy (liveness_failed) | face_mismatch | no face found | copy score min / p50 / max |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const reduction of REDUCTIONS)
    for (const [split, inSplit] of groups)
      for (const [kind, ofKind] of kinds) {
        const rows = results.filter((r) => r.entry.category === `attack/${reduction.name}-copy` && inSplit(r) && ofKind(r));
        if (rows.length === 0) continue;
        const scores = rows.map((r) => r.portraitCopy).filter((s): s is number => s !== undefined);
        const count = (reason: string) => rows.filter((r) => r.reasons.includes(reason)).length;
        const verified = rows.filter((r) => r.decision === 'verified');
        lines.push(
          `| ${reduction.name} | ${split} | ${kind} | ${rows.length} | **${verified.length}**${verified.length ? ` (${verified.map((r) => f3(r.portraitCopy ?? NaN)).join(', ')})` : ''} | ${count('liveness_failed')} | ${count('face_mismatch')} | ${count('no_face_in_selfie')} | ${scores.length ? `${f3(Math.min(...scores))} / ${f3(quantile(scores, 0.5))} / ${f3(Math.max(...scores))}` : '-'} |`,
        );
      }
  return lines.join('\n');
}
