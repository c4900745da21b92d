/**
 * The built service's engine (dist/, as `npm start` and the image run it): its start-up (models
 * loaded, the face cohort read from what the build stored), then, when the evaluation set has been
 * generated (.data/eval/generated, `npm run eval:verification`), its peak RSS over 40 of its checks,
 * two at a time as VERIFICATION_CONCURRENCY runs them. Prints one line of each.
 * Run by verification.bench.ts after `npm run build -w @idv/svc-verification`.
 */
require('reflect-metadata');
const fs = require('node:fs');
const path = require('node:path');
const dist = (file) => require(path.join(__dirname, '../dist', file));
const { AiVerificationEngine } = dist('engine/ai-verification.engine');
const { FaceModel } = dist('engine/faces/face-model');
const { Ocr } = dist('engine/document/ocr');
const { loadVerificationEnv } = dist('config/env');
const { checkImage } = dist('engine/images/image-input');

const EVAL_SET = path.join(__dirname, '../../.data/eval/generated');
const CHECKS = 40;

(async () => {
  let peak = process.memoryUsage().rss;
  setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20).unref();
  const started = Date.now();
  const ocr = new Ocr();
  const engine = new AiVerificationEngine(new FaceModel(), ocr, loadVerificationEnv({}));
  await engine.onModuleInit();
  process.stdout.write(`start-up ms ${Date.now() - started}\n`);
  if (fs.existsSync(path.join(EVAL_SET, 'manifest.json'))) {
    const { cases } = JSON.parse(fs.readFileSync(path.join(EVAL_SET, 'manifest.json'), 'utf8'));
    const read = (file) => checkImage(`data:image/jpeg;base64,${fs.readFileSync(path.join(EVAL_SET, file)).toString('base64')}`);
    const verify = async (c) =>
      engine.verify({
        realName: c.realName,
        invitedName: c.invitedName,
        images: { front: await read(c.front), back: await read(c.back), selfie: await read(c.selfie) },
      });
    // every tenth case, so that every split and category is among them
    const chosen = cases.filter((_, i) => i % 10 === 0).slice(0, CHECKS);
    for (let i = 0; i < chosen.length; i += 2) await Promise.all(chosen.slice(i, i + 2).map(verify));
    process.stdout.write(`peak rss mb ${Math.round(peak / 2 ** 20)} over ${chosen.length} checks\n`);
  }
  await ocr.onApplicationShutdown();
  process.exit(0);
})();
