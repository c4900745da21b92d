import fs from 'node:fs';
import path from 'node:path';
import { loadVerificationEnv } from '../../src/config/env';
import { FaceModel } from '../../src/engine/faces/face-model';
import type { FacePatches } from '../../src/engine/faces/face-patch';
import { HEAD_TURN_THRESHOLDS } from '../../src/engine/liveness/head-turn-thresholds';
import { facesTheCamera } from '../../src/engine/liveness/head-turns';
import { portraitCopyScore } from '../../src/engine/liveness/portrait-copy';
import { f3, quantile } from '../report-figures';
import { FRAMES_PER_SECOND, RECORDINGS, recordingFrames } from './recorded-heads';

/**
 * `npm run eval:liveness` (and `eval:verification`): the portrait-copy score (liveness/portrait-copy.ts)
 * between two frames of one recording of a live person (recorded-heads.ts), each facing the camera
 * as a selfie and a portrait do, taken seconds to minutes apart. Two frames of one sitting share
 * the light, the hair, the clothes and the camera: closer to each other than a live selfie is to
 * the portrait on a card made years before, so a harder case for the threshold than any genuine
 * person meets. Written and committed before its first run; nothing is chosen on it (the threshold,
 * LIVENESS_PORTRAIT_COPY_MIN_SCORE, was chosen on the evaluation set's tuning split).
 * Writes .data/eval/recorded-portrait-copies-report.md.
 */
const ROOT = path.resolve(__dirname, '../../..');
const OUT = path.join(ROOT, '.data/eval');

/** A frame every this many seconds is described (a recording's pairs grow with its square). */
const EVERY_S = 2;
/** Pairs of frames at least this far apart, by how far apart they are. */
const GAPS_S: [number, number][] = [
  [2, 10],
  [10, 60],
  [60, Infinity],
];

interface Pair {
  recording: string;
  person: string;
  gapS: number;
  score: number;
}

it('measures the portrait-copy score between two frames of one live person', async () => {
  const threshold = loadVerificationEnv(process.env).LIVENESS_PORTRAIT_COPY_MIN_SCORE;
  const faces = new FaceModel();
  await faces.load();
  const pairs: Pair[] = [];
  const described: Record<string, { frames: number; facing: number }> = {};
  try {
    for (const recording of RECORDINGS) {
      const frames = await recordingFrames(recording, path.join(OUT, 'sources'));
      const step = Math.round(EVERY_S * FRAMES_PER_SECOND);
      const facing: { atS: number; patches: FacePatches }[] = [];
      let tried = 0;
      for (let index = 0; index < frames.length; index += step) {
        tried++;
        const image = { data: frames[index], width: recording.width, height: recording.height };
        const [posed] = await faces.pose(image);
        if (!posed?.mesh || !facesTheCamera(posed.mesh, HEAD_TURN_THRESHOLDS)) continue;
        const [face] = await faces.describe(image);
        if (face?.patches) facing.push({ atS: index / FRAMES_PER_SECOND, patches: face.patches });
      }
      described[recording.id] = { frames: tried, facing: facing.length };
      for (let a = 0; a < facing.length; a++)
        for (let b = a + 1; b < facing.length; b++)
          pairs.push({
            recording: recording.id,
            person: recording.person,
            gapS: facing[b].atS - facing[a].atS,
            score: portraitCopyScore(facing[a].patches, facing[b].patches),
          });
    }
  } finally {
    await faces.onApplicationShutdown();
  }
  const text = report(pairs, described, threshold);
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'recorded-portrait-copies-report.md'), text);
  process.stdout.write(`\n${text}\n`);
  expect(pairs.length).toBeGreaterThan(0);
}, 3_600_000);

function report(pairs: Pair[], described: Record<string, { frames: number; facing: number }>, threshold: number): string {
  const out = [
    `### Portrait-copy score between two frames of one live person, each facing the camera (a frame every ${EVERY_S} s)`,
    '',
    `Threshold in use (LIVENESS_PORTRAIT_COPY_MIN_SCORE): ${threshold}.`,
    '',
    '| recording | frames described | facing the camera |',
    '|---|---|---|',
    ...Object.entries(described).map(([id, { frames, facing }]) => `| ${id} | ${frames} | ${facing} |`),
    '',
    '| recording | frames apart (s) | pairs | min | p50 | p95 | max | at or above the threshold |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const recording of RECORDINGS.map((r) => r.id))
    for (const [from, to] of GAPS_S) {
      const scores = pairs.filter((p) => p.recording === recording && p.gapS >= from && p.gapS < to).map((p) => p.score);
      if (scores.length === 0) continue;
      const above = scores.filter((score) => score >= threshold).length;
      out.push(
        `| ${recording} | ${from}-${to === Infinity ? '' : to} | ${scores.length} | ${f3(Math.min(...scores))} | ${f3(quantile(scores, 0.5))} | ${f3(quantile(scores, 0.95))} | ${f3(Math.max(...scores))} | ${above} |`,
      );
    }
  return out.join('\n');
}
