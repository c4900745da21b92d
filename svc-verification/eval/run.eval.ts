import fs from 'node:fs';
import path from 'node:path';
import { loadVerificationEnv } from '../src/config/env';
import { type CaseResult, report, runCases, startEvaluationEngines } from './evaluate';
import { generateEvaluationSet } from './generate-set';
import { readManifest } from './manifest';

/**
 * `npm run eval:verification`: the engine over a folder of cases (EVAL_DIR, an operator's own
 * consented, labelled folder described by manifest.json; by default the generated set, made again
 * in .data/eval/generated). Prints the report and writes it, with every case's result, to
 * .data/eval/. EVAL_ONLY=<substring>[,<substring>...] limits the run to case ids holding any of them; EVAL_SPLITS=tuning,held-out
 * to those splits (the unseen split's cases are then not even looked at).
 */
const ROOT = path.resolve(__dirname, '../..');
const OUT = path.join(ROOT, '.data/eval');

it('evaluates the verification engine', async () => {
  const env = loadVerificationEnv(process.env);
  const engines = await startEvaluationEngines(env);
  try {
    const folder = process.env.EVAL_DIR ?? path.join(OUT, 'generated');
    const generatedStart = Date.now();
    // any of the comma-separated parts of EVAL_ONLY in a case's id
    const only = process.env.EVAL_ONLY?.split(',');
    const asked = only && ((id: string) => only.some((part) => id.includes(part)));
    // only the cases asked for are generated (the others take minutes to draw)
    const manifest = process.env.EVAL_DIR ? readManifest(folder) : await generateEvaluationSet(folder, asked || undefined);
    if (asked) manifest.cases = manifest.cases.filter((c) => asked(c.id));
    const splits = process.env.EVAL_SPLITS?.split(',');
    if (splits) manifest.cases = manifest.cases.filter((c) => splits.includes(c.split));
    console.log(`${manifest.cases.length} cases ready in ${Date.now() - generatedStart} ms (${folder})`);
    const results = await runCases(engines, folder, manifest, (r: CaseResult) => {
      if (r.decision !== r.entry.expected || (r.entry.expectedReason && !r.reasons.includes(r.entry.expectedReason))) {
        process.stdout.write(
          `  ${r.entry.id} [${r.entry.split}] expected ${r.entry.expected}${r.entry.expectedReason ? `/${r.entry.expectedReason}` : ''}, got ${r.decision} ${r.reasons.join(',')} d=${r.faceDistance?.toFixed(3)}\n`,
        );
      }
    });
    const copyRule = { mode: env.LIVENESS_PORTRAIT_COPY, minScore: env.LIVENESS_PORTRAIT_COPY_MIN_SCORE };
    const text = report(results, env.FACE_MATCH_MAX_NORMALIZED_DISTANCE, (a, b) => engines.asConfigured.compareFaces(a, b), copyRule);
    fs.mkdirSync(OUT, { recursive: true });
    fs.writeFileSync(path.join(OUT, 'report.md'), text);
    fs.writeFileSync(
      path.join(OUT, 'results.json'),
      JSON.stringify(
        results.map((r) => ({
          id: r.entry.id,
          split: r.entry.split,
          category: r.entry.category,
          expected: r.entry.expected,
          decision: r.decision,
          reasons: r.reasons,
          faceDistance: r.faceDistance,
          selfieAntispoof: r.selfieAntispoof,
          portraitCopy: r.portraitCopy,
          ms: r.ms,
        })),
        null,
        2,
      ),
    );
    process.stdout.write(`\n${text}\n`);
  } finally {
    await engines.shutdown();
  }
}, 3_600_000);
