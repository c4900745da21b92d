import fs from 'node:fs';
import path from 'node:path';
import { dataUrlOf } from '@idv/id-fixtures';
import { blockGridOf } from '../../src/engine/faces/block-grid';
import { faceCrop } from '../../src/engine/faces/face-crop';
import { fineDetailOf } from '../../src/engine/faces/face-detail';
import { FaceModel } from '../../src/engine/faces/face-model';
import { ALIGNED_POINTS, PATCH_SIZE, alignmentPoints, boxBlur, greyAt, similarityFit } from '../../src/engine/faces/face-patch';
import type { RgbImage } from '../../src/engine/faces/rgb-image';
import { checkImage, decodeForChecks } from '../../src/engine/images/image-input';
import { INNER_FACE_PIXELS } from '../../src/engine/liveness/portrait-copy';
import { readManifest } from '../manifest';
import { publicDomainPhotos } from '../public-domain-photos';
import { f3, quantile } from '../report-figures';
import { FRAMES_PER_SECOND, RECORDINGS, recordingFrames } from './recorded-heads';

/**
 * `npm run eval:liveness -- selfie-detail`: could a selfie with too little detail be refused, so that
 * a pixelated copy of the portrait (which the copy score cannot find: "Pixelated copies of the
 * portrait", docs/liveness.md) is asked again, without refusing live people at real cameras? Two
 * measures of a face's detail, on frames of the recordings of live people (real webcams), on
 * photographs of another source, on the evaluation set's genuine selfies and on its copies pixelated
 * (pixelated-copies.eval.ts must have run: its cases are read from .data/eval/pixelated/cases, and
 * the generated set from .data/eval/generated):
 * - **fine detail, aligned**: in the face aligned as the copy score aligns it (faces/face-patch.ts,
 *   by a similarity), the energy of the finest detail (each pixel less its 3 x 3 mean) over that of
 *   the next (the 3 x 3 mean less the 13 x 13 one), over the inner face: how much detail the face
 *   shows for its size;
 * - **fine detail, the image's own pixels** (faces/face-detail.ts, which svc-verification logs with
 *   the portrait-copy score): in a square of 128 of the image's pixels at the face's centre, the
 *   energy of the detail finer than 7 pixels over that between 7 and 17: a picture made small and
 *   enlarged again smoothly has little of the first.
 * Nothing is chosen on it; it decides nothing. Writes .data/eval/selfie-detail-report.md.
 */
const ROOT = path.resolve(__dirname, '../../..');
const OUT = path.join(ROOT, '.data/eval');
/** A frame every this many seconds of each recording. */
const EVERY_S = 4;
/** The evaluation set's genuine selfies, and the pixelated copies, from these splits. */
const SPLITS = ['tuning', 'held-out', 'unseen'];

/** The mean squared difference of two blurs (or the patch itself, radius 0) over the inner face. */
function bandEnergy(patch: Float32Array, fine: number, coarse: number): number {
  const a = fine === 0 ? patch : boxBlur(patch, fine);
  const b = boxBlur(patch, coarse);
  return INNER_FACE_PIXELS.reduce((sum, i) => sum + (a[i] - b[i]) ** 2, 0) / INNER_FACE_PIXELS.length;
}

interface Detail {
  fineAligned: number;
  ownPixels: number;
  blockGrid: number;
}

async function detailOf(model: FaceModel, image: RgbImage): Promise<Detail | undefined> {
  const [face] = await model.describe(image);
  if (!face) return undefined;
  const crop = await faceCrop(image, face.box);
  const [inCrop] = await model.detect(crop);
  if (!inCrop?.mesh) return undefined;
  const { a, b, c, d } = similarityFit(ALIGNED_POINTS, alignmentPoints(inCrop.mesh));
  const aligned = new Float32Array(PATCH_SIZE * PATCH_SIZE);
  for (let y = 0; y < PATCH_SIZE; y++)
    for (let x = 0; x < PATCH_SIZE; x++)
      aligned[y * PATCH_SIZE + x] = greyAt(crop, a * (x + 0.5) - b * (y + 0.5) + c - 0.5, b * (x + 0.5) + a * (y + 0.5) + d - 0.5);
  return {
    fineAligned: bandEnergy(aligned, 0, 1) / bandEnergy(aligned, 1, 6),
    ownPixels: fineDetailOf(image, face.box),
    blockGrid: blockGridOf(image, face.box),
  };
}

it('measures how much detail faces show: live webcams, photographs, pixelated copies', async () => {
  const model = new FaceModel();
  await model.load();
  const groups = new Map<string, Detail[]>();
  const add = (group: string, detail: Detail | undefined) => {
    if (detail) groups.set(group, [...(groups.get(group) ?? []), detail]);
  };
  const copies = path.join(OUT, 'pixelated', 'cases');
  const missing: string[] = [];
  const asSent = async (bytes: Buffer) => decodeForChecks(await checkImage(dataUrlOf(bytes)));
  try {
    for (const recording of RECORDINGS) {
      const frames = await recordingFrames(recording, path.join(OUT, 'sources'));
      for (let i = 0; i < frames.length; i += Math.round(EVERY_S * FRAMES_PER_SECOND))
        add(
          `recording ${recording.id} (${recording.width} x ${recording.height})`,
          await detailOf(model, { data: frames[i], width: recording.width, height: recording.height }),
        );
    }
    for (const { image } of await publicDomainPhotos(path.join(OUT, 'sources')))
      add('photographs of another source', await detailOf(model, await asSent(image)));
    const set = path.join(OUT, 'generated');
    // the set and the copies are made by other runs (eval:verification, pixelated-copies), which
    // `npm run eval:liveness` may order after this one: without them, the report says so
    const [setMade, copiesMade] = [set, copies].map((folder) => fs.existsSync(path.join(folder, 'manifest.json')));
    if (!setMade) missing.push('the generated set (.data/eval/generated: `npm run eval:verification`)');
    if (!copiesMade) missing.push('the pixelated copies (.data/eval/pixelated/cases: `npm run eval:liveness -- pixelated-copies`)');
    for (const entry of setMade ? readManifest(set).cases : [])
      if (entry.category.startsWith('genuine/') && SPLITS.includes(entry.split))
        add(
          `set: ${entry.category}${entry.selfieCopiesPortrait ? ' (the portrait photo)' : ''}`,
          await detailOf(model, await asSent(fs.readFileSync(path.join(set, entry.selfie)))),
        );
    for (const entry of copiesMade ? readManifest(copies).cases : [])
      if (SPLITS.includes(entry.split)) add(entry.category, await detailOf(model, await asSent(fs.readFileSync(path.join(copies, entry.selfie)))));
  } finally {
    await model.onApplicationShutdown();
  }
  const lines = [
    '### How much detail faces show (`npm run eval:liveness -- selfie-detail`)',
    '',
    ...missing.map((what) => `Not measured, not made yet: ${what}.`),
    ...(missing.length ? [''] : []),
    '| faces of | n | fine detail, aligned: min / p10 / p50 / max | fine detail, own pixels: min / p10 / p50 / max | block grid: min / p50 / p90 / max |',
    '|---|---|---|---|---|',
    ...[...groups].map(([group, details]) => {
      const figures = (values: number[]) => [Math.min(...values), quantile(values, 0.1), quantile(values, 0.5), Math.max(...values)].map(f3).join(' / ');
      const grids = details.map((x) => x.blockGrid);
      const gridFigures = [Math.min(...grids), quantile(grids, 0.5), quantile(grids, 0.9), Math.max(...grids)].map(f3).join(' / ');
      return `| ${group} | ${details.length} | ${figures(details.map((x) => x.fineAligned))} | ${figures(details.map((x) => x.ownPixels))} | ${gridFigures} |`;
    }),
  ];
  const text = lines.join('\n');
  fs.writeFileSync(path.join(OUT, 'selfie-detail-report.md'), text);
  process.stdout.write(`\n${text}\n`);
  expect(groups.size).toBeGreaterThan(0);
}, 3_600_000);
