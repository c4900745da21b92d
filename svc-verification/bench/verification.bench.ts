import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadVerificationEnv } from '../src/config/env';
import { AiVerificationEngine } from '../src/engine/ai-verification.engine';
import { Ocr } from '../src/engine/document/ocr';
import { FaceModel } from '../src/engine/faces/face-model';
import { HeadTurnLiveness } from '../src/engine/liveness/head-turn-liveness';
import { SurfaceMotion } from '../src/engine/liveness/surface-motion';
import { checkImage } from '../src/engine/images/image-input';
import type { VerificationInput } from '../src/engine/verification-engine';
import { type DocumentHolder, type Person, dataUrlOf, holderFor, peopleFromPackagePhotos, selfieOf, photographedCard } from '@idv/id-fixtures';

/**
 * Verification latency, start-up, throughput, memory and error rates of the AI checks, on
 * documents generated from the package photos. Prints a table; targets on the 2-core machine:
 * p50 <= 1.5 s, p95 <= 3 s, start-up <= 5 s, RSS <= 1 GB. Start-up is measured twice: from source
 * here, where the face cohort is described (53 faces), and of the built service, which reads the
 * cohort the build stored (bench/built-service.cjs, after `npm run build -w @idv/svc-verification`,
 * which also measures the built engine's RSS on the evaluation set when it has been generated).
 */
const holder = (person: Person): DocumentHolder => holderFor(person);

const percentile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

it('measures the verification engine', async () => {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const faces = new FaceModel();
  const headTurns = new HeadTurnLiveness(faces, new SurfaceMotion());
  const ocr = new Ocr();
  // The fixtures' selfies are the portrait's own photo (copies of it by construction): checked with the
  // portrait-copy rule advisory, as a live person's selfie is, whose score the rule does not reach.
  const engine = new AiVerificationEngine(faces, ocr, loadVerificationEnv({ LIVENESS_PORTRAIT_COPY: 'advisory' }), headTurns);

  const startUp = Date.now();
  await engine.onModuleInit();
  const startUpMs = Date.now() - startUp;
  const builtOutput = fs.existsSync(path.join(__dirname, '../dist/engine/faces/face-cohort.json'))
    ? spawnSync(process.execPath, [path.join(__dirname, 'built-service.cjs')], { encoding: 'utf8' }).stdout
    : '';
  const built = /start-up ms (\d+)/.exec(builtOutput)?.[1];
  const builtRss = /peak rss mb (\d+) over (\d+) checks/.exec(builtOutput);

  const people = (await peopleFromPackagePhotos()).slice(0, 10);
  const inputs: { input: VerificationInput; genuine: boolean }[] = [];
  for (const [i, person] of people.entries()) {
    const { front, back } = await photographedCard(holder(person));
    const input = async (selfie: Buffer): Promise<VerificationInput> => ({
      realName: 'José Luis García Pérez',
      invitedName: 'Jose Garcia',
      images: { front: await checkImage(dataUrlOf(front)), back: await checkImage(dataUrlOf(back)), selfie: await checkImage(dataUrlOf(selfie)) },
    });
    inputs.push({ input: await input(await selfieOf(person)), genuine: true });
    inputs.push({ input: await input(await selfieOf(people[(i + 1) % people.length])), genuine: false });
  }

  const first = Date.now();
  await engine.verify(inputs[0].input);
  const firstMs = Date.now() - first;

  const latencies: number[] = [];
  let falseAccepts = 0;
  let falseRejects = 0;
  // every thread of the process: the face models', tesseract's two, libvips' and this one
  const cpuBefore = process.cpuUsage();
  for (const { input, genuine } of inputs) {
    const started = Date.now();
    const outcome = await engine.verify(input);
    latencies.push(Date.now() - started);
    if (genuine && outcome.decision !== 'verified') falseRejects++;
    if (!genuine && outcome.decision === 'verified') falseAccepts++;
  }

  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerCheckMs = Math.round((cpu.user + cpu.system) / 1000 / inputs.length);

  const concurrent = inputs.slice(0, 8);
  const batchStart = Date.now();
  for (let i = 0; i < concurrent.length; i += 4) await Promise.all(concurrent.slice(i, i + 4).map(({ input }) => engine.verify(input)));
  const throughput = concurrent.length / ((Date.now() - batchStart) / 1000);

  clearInterval(sampler);
  await ocr.onApplicationShutdown();
  const genuineCount = inputs.filter((i) => i.genuine).length;
  const table = [
    { measure: 'start-up of the built service (models loaded, the face cohort read)', value: built ? `${built} ms` : 'not built', target: '<= 5000 ms' },
    { measure: 'start-up from source (models loaded, the face cohort described)', value: `${startUpMs} ms`, target: '' },
    { measure: 'first verification after start', value: `${firstMs} ms`, target: '' },
    { measure: 'latency p50 (warm)', value: `${percentile(latencies, 0.5)} ms`, target: '<= 1500 ms' },
    { measure: 'latency p95 (warm)', value: `${percentile(latencies, 0.95)} ms`, target: '<= 3000 ms' },
    { measure: 'CPU per check, one at a time (all threads)', value: `${cpuPerCheckMs} ms`, target: '' },
    { measure: 'throughput, 4 at a time', value: `${throughput.toFixed(2)} verifications/s`, target: '' },
    {
      measure: 'peak RSS of the built service, 2 checks at a time',
      value: builtRss ? `${builtRss[1]} MB (${builtRss[2]} checks of the evaluation set)` : 'not measured (build, and generate the evaluation set)',
      target: '<= 1024 MB',
    },
    { measure: 'peak RSS of this benchmark (fixture generation included)', value: `${Math.round(peakRss / 2 ** 20)} MB`, target: '' },
    { measure: 'false rejects (genuine pairs)', value: `${falseRejects} of ${genuineCount}`, target: '' },
    { measure: 'false accepts (impostor pairs)', value: `${falseAccepts} of ${inputs.length - genuineCount}`, target: '' },
  ];
  console.table(table);
  expect(latencies.length).toBe(inputs.length);
});
