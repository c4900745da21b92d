import fs from 'node:fs';
import path from 'node:path';
import { loadVerificationEnv } from '../src/config/env';
import { AiVerificationEngine } from '../src/engine/ai-verification.engine';
import { Ocr } from '../src/engine/document/ocr';
import { FaceModel } from '../src/engine/faces/face-model';
import { HeadTurnLiveness } from '../src/engine/liveness/head-turn-liveness';
import { SurfaceMotion } from '../src/engine/liveness/surface-motion';
import { type CaseResult, report, runCases } from './evaluate';
import { generateEvaluationSet } from './generate-set';
import { readManifest } from './manifest';

/**
 * `npm run eval:verification`: the engine over a folder of cases (EVAL_DIR, an operator's own
 * consented, labelled folder described by manifest.json; by default the generated set, made again
 * in .data/eval/generated). Prints the report and writes it, with every case's result, to
 * .data/eval/. EVAL_ONLY=<substring> limits the run to matching case ids; EVAL_SPLITS=tuning,held-out
 * to those splits (the unseen split's cases are then not even looked at).
 */
const ROOT = path.resolve(__dirname, '../..');
const OUT = path.join(ROOT, '.data/eval');

it('evaluates the verification engine', async () => {
  const env = loadVerificationEnv(process.env);
  const faces = new FaceModel();
  const headTurns = new HeadTurnLiveness(faces, new SurfaceMotion());
  const ocr = new Ocr();
  const engine = new AiVerificationEngine(faces, ocr, env, headTurns);
  await engine.onModuleInit();
  try {
    const folder = process.env.EVAL_DIR ?? path.join(OUT, 'generated');
    const generatedStart = Date.now();
    const only = process.env.EVAL_ONLY;
    // only the cases asked for are generated (the others take minutes to draw)
    const manifest = process.env.EVAL_DIR ? readManifest(folder) : await generateEvaluationSet(folder, only ? (id) => id.includes(only) : undefined);
    if (only) manifest.cases = manifest.cases.filter((c) => c.id.includes(only));
    const splits = process.env.EVAL_SPLITS?.split(',');
    if (splits) manifest.cases = manifest.cases.filter((c) => splits.includes(c.split));
    console.log(`${manifest.cases.length} cases ready in ${Date.now() - generatedStart} ms (${folder})`);
    const results = await runCases(engine, folder, manifest, (r: CaseResult) => {
      if (r.decision !== r.entry.expected || (r.entry.expectedReason && !r.reasons.includes(r.entry.expectedReason))) {
        process.stdout.write(
          `  ${r.entry.id} [${r.entry.split}] expected ${r.entry.expected}${r.entry.expectedReason ? `/${r.entry.expectedReason}` : ''}, got ${r.decision} ${r.reasons.join(',')} d=${r.faceDistance?.toFixed(3)}\n`,
        );
      }
    });
    const text = report(results, env.FACE_MATCH_MAX_NORMALIZED_DISTANCE, (a, b) => engine.compareFaces(a, b));
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
    await ocr.onApplicationShutdown();
  }
}, 3_600_000);
