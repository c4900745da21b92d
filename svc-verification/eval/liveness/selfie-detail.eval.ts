import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { dataUrlOf } from '@idv/id-fixtures';
import { blockGridOf } from '../../src/engine/faces/block-grid';
import { faceCrop } from '../../src/engine/faces/face-crop';
import { fineDetailOf } from '../../src/engine/faces/face-detail';
import { FaceModel } from '../../src/engine/faces/face-model';
import { ALIGNED_POINTS, PATCH_SIZE, alignmentPoints, boxBlur, greyAt, similarityFit } from '../../src/engine/faces/face-patch';
import type { RgbImage } from '../../src/engine/faces/rgb-image';
import { checkImage, decodeForChecks } from '../../src/engine/images/image-input';
import { resamplingTraceOf } from '../../src/engine/faces/resampling-trace';
import { stepProfilesOf } from '../../src/engine/faces/step-profiles';
import { INNER_FACE_PIXELS } from '../../src/engine/liveness/portrait-copy';
import { readManifest } from '../manifest';
import { publicDomainPhotos } from '../public-domain-photos';
import { f3, quantile } from '../report-figures';
import { FRAMES_PER_SECOND, chosenRecordings, recordingFrames } from './recorded-heads';

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
 *   enlarged again smoothly has little of the first;
 * and the two measures the pixelated- and enlarged-selfie rules decide on, the block grid
 * (faces/block-grid.ts) and the resampling trace (faces/resampling-trace.ts), with the camera's
 * side of them: the photographs brought to 640 pixels as a camera brings its frame (cameraScaled),
 * and the tuning split's genuine selfies saved again at low JPEG qualities.
 * Nothing is chosen on it; it decides nothing. Writes .data/eval/selfie-detail-report.md.
 * EVAL_RECORDINGS=fer-woman2,fer-test limits the run to those recordings' frames (nothing else), and
 * EVAL_EVERY_S=0.4 takes their frames that often (4 s unless said).
 */
const ROOT = path.resolve(__dirname, '../../..');
const OUT = path.join(ROOT, '.data/eval');
/** A frame every this many seconds of each recording. */
const EVERY_S = Number(process.env.EVAL_EVERY_S ?? 4);
if (!(EVERY_S > 0)) throw new Error(`EVAL_EVERY_S must be a number of seconds above 0, not ${process.env.EVAL_EVERY_S}`);
/** EVAL_RECORDINGS set: only those recordings' frames are measured, nothing else. */
const RECORDINGS_ALONE = process.env.EVAL_RECORDINGS !== undefined;
/** Frames this wide brought to 640 pixels, as a camera's scaling does (1/2, 5/8, 2/3 and 4/5). */
const CAMERA_SCALED_FROM = [1280, 1024, 960, 800];
/** The tuning split's genuine selfies saved again at these JPEG qualities. */
const RESAVED_QUALITIES = [30, 10];

/**
 * A photo brought to `from` pixels across, then to 640 as a camera's path may: `filtered` (a
 * scaler that averages what it drops), `skipped` (a sensor reading every so many pixels: the
 * nearest), `bilinear` (a canvas drawing the frame smaller: each pixel from its two nearest on
 * each axis, nothing averaged), saved as the page saves its selfie (JPEG 92).
 */
async function cameraScaled(photo: Buffer, from: number, how: 'filtered' | 'skipped' | 'bilinear'): Promise<Buffer> {
  const { data, info } = await sharp(photo).resize({ width: from }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const width = 640;
  const height = Math.round((info.height * width) / info.width);
  if (how !== 'bilinear') {
    const kernel = how === 'filtered' ? 'linear' : 'nearest';
    return sharp(data, { raw: info }).resize(width, height, { kernel }).jpeg({ quality: 92 }).toBuffer();
  }
  const out = Buffer.alloc(width * height * 3);
  const at = (x: number, y: number, c: number) => data[(Math.min(y, info.height - 1) * info.width + Math.min(x, info.width - 1)) * 3 + c];
  for (let y = 0; y < height; y++) {
    const sy = Math.max(0, ((y + 0.5) * info.height) / height - 0.5);
    const y0 = Math.floor(sy);
    for (let x = 0; x < width; x++) {
      const sx = Math.max(0, ((x + 0.5) * info.width) / width - 0.5);
      const x0 = Math.floor(sx);
      for (let c = 0; c < 3; c++) {
        const top = at(x0, y0, c) + (at(x0 + 1, y0, c) - at(x0, y0, c)) * (sx - x0);
        const bottom = at(x0, y0 + 1, c) + (at(x0 + 1, y0 + 1, c) - at(x0, y0 + 1, c)) * (sx - x0);
        out[(y * width + x) * 3 + c] = Math.round(top + (bottom - top) * (sy - y0));
      }
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

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
  resamplingTrace: number;
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
  const profiles = stepProfilesOf(image, face.box);
  return {
    fineAligned: bandEnergy(aligned, 0, 1) / bandEnergy(aligned, 1, 6),
    ownPixels: fineDetailOf(image, face.box),
    blockGrid: blockGridOf(profiles),
    resamplingTrace: resamplingTraceOf(profiles),
  };
}

it('measures how much detail faces show: live webcams, photographs, pixelated copies', async () => {
  const model = new FaceModel();
  await model.load();
  const groups = new Map<string, Detail[]>();
  const add = (group: string, detail: Detail | undefined) => {
    if (detail) groups.set(group, [...(groups.get(group) ?? []), detail]);
  };
  const missing: string[] = [];
  const recordings = chosenRecordings();
  try {
    for (const recording of recordings) {
      const frames = await recordingFrames(recording, path.join(OUT, 'sources'));
      for (let i = 0; i < frames.length; i += Math.max(1, Math.round(EVERY_S * FRAMES_PER_SECOND)))
        add(
          `recording ${recording.id} (${recording.width} x ${recording.height})`,
          await detailOf(model, { data: frames[i], width: recording.width, height: recording.height }),
        );
    }
    if (!RECORDINGS_ALONE) await measureOtherFaces(model, add, missing);
  } finally {
    await model.onApplicationShutdown();
  }
  const lines = [
    '### How much detail faces show (`npm run eval:liveness -- selfie-detail`)',
    '',
    ...(RECORDINGS_ALONE ? [`Only the frames of ${recordings.map((r) => r.id).join(', ')} (EVAL_RECORDINGS), one every ${EVERY_S} s.`] : []),
    ...missing.map((what) => `Not measured, not made yet: ${what}.`),
    ...(missing.length || RECORDINGS_ALONE ? [''] : []),
    '| faces of | n | fine detail, aligned: min / p10 / p50 / max | fine detail, own pixels: min / p10 / p50 / max | block grid: min / p50 / p90 / max | resampling trace: min / p50 / p90 / max |',
    '|---|---|---|---|---|---|',
    ...[...groups].map(([group, details]) => {
      const figures = (values: number[]) => [Math.min(...values), quantile(values, 0.1), quantile(values, 0.5), Math.max(...values)].map(f3).join(' / ');
      const upper = (values: number[]) => [Math.min(...values), quantile(values, 0.5), quantile(values, 0.9), Math.max(...values)].map(f3).join(' / ');
      return `| ${group} | ${details.length} | ${figures(details.map((x) => x.fineAligned))} | ${figures(details.map((x) => x.ownPixels))} | ${upper(details.map((x) => x.blockGrid))} | ${upper(details.map((x) => x.resamplingTrace))} |`;
    }),
  ];
  const text = lines.join('\n');
  fs.writeFileSync(path.join(OUT, 'selfie-detail-report.md'), text);
  process.stdout.write(`\n${text}\n`);
  expect(groups.size).toBeGreaterThan(0);
}, 3_600_000);

/**
 * Every face but the recordings': the photographs of another source (as sent, and as a camera
 * scales them), the generated set's genuine selfies and the pixelated copies, each group added
 * under its name; what another run must make first is added to `missing`.
 */
async function measureOtherFaces(model: FaceModel, add: (group: string, detail: Detail | undefined) => void, missing: string[]): Promise<void> {
  const copies = path.join(OUT, 'pixelated', 'cases');
  const asSent = async (bytes: Buffer) => decodeForChecks(await checkImage(dataUrlOf(bytes)));
  for (const { image } of await publicDomainPhotos(path.join(OUT, 'sources'))) {
    add('photographs of another source', await detailOf(model, await asSent(image)));
    // as a camera brings a larger frame to 640 pixels across (its scaler, line skipping, a canvas's bilinear draw)
    for (const from of CAMERA_SCALED_FROM)
      for (const how of ['filtered', 'skipped', 'bilinear'] as const)
        add(`photographs of another source, ${from} px brought to 640 (${how})`, await detailOf(model, await asSent(await cameraScaled(image, from, how))));
  }
  const set = path.join(OUT, 'generated');
  // the set and the copies are made by other runs (eval:verification, pixelated-copies), which
  // `npm run eval:liveness` may order after this one: without them, the report says so
  const [setMade, copiesMade] = [set, copies].map((folder) => fs.existsSync(path.join(folder, 'manifest.json')));
  if (!setMade) missing.push('the generated set (.data/eval/generated: `npm run eval:verification`)');
  if (!copiesMade) missing.push('the pixelated copies (.data/eval/pixelated/cases: `npm run eval:liveness -- pixelated-copies`)');
  for (const entry of setMade ? readManifest(set).cases : [])
    if (entry.category.startsWith('genuine/') && SPLITS.includes(entry.split)) {
      const selfie = fs.readFileSync(path.join(set, entry.selfie));
      add(`set: ${entry.category}${entry.selfieCopiesPortrait ? ' (the portrait photo)' : ''}`, await detailOf(model, await asSent(selfie)));
      if (entry.split === 'tuning')
        for (const quality of RESAVED_QUALITIES)
          add(
            `set, tuning: genuine selfies saved again at JPEG quality ${quality}`,
            await detailOf(model, await asSent(await sharp(selfie).jpeg({ quality }).toBuffer())),
          );
    }
  for (const entry of copiesMade ? readManifest(copies).cases : [])
    if (SPLITS.includes(entry.split)) add(entry.category, await detailOf(model, await asSent(fs.readFileSync(path.join(copies, entry.selfie)))));
}
