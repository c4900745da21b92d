import { type FacePatches, PATCH_SIZE } from '../faces/face-patch';

/**
 * The part of the aligned face patch (faces/face-patch.ts) compared: an oval from the brows to the
 * chin and between the cheeks, where a face's own detail is; hair, ears and background left out.
 */
const INNER_FACE = { cx: 64, cy: 76, rx: 36, ry: 40 };
/**
 * Two faces are aligned by five points of their meshes, which a face model places a few pixels
 * apart on two pictures of one print (more on a face turned away): the selfie's patch is compared
 * shifted by up to this many pixels each way, and the best shift counts.
 */
const MAX_SHIFT = 8;
/** The inner face's pixels as indices into a patch, and as those of the same pixels turned over left to right. */
const INSIDE: number[] = [];
const INSIDE_MIRRORED: number[] = [];
for (let y = 0; y < PATCH_SIZE; y++)
  for (let x = 0; x < PATCH_SIZE; x++)
    if (((x + 0.5 - INNER_FACE.cx) / INNER_FACE.rx) ** 2 + ((y + 0.5 - INNER_FACE.cy) / INNER_FACE.ry) ** 2 <= 1) {
      INSIDE.push(y * PATCH_SIZE + x);
      INSIDE_MIRRORED.push(y * PATCH_SIZE + PATCH_SIZE - 1 - x);
    }
/** The inner face's pixels as indices into a patch (INNER_FACE), for a measure over the part the score compares. */
export const INNER_FACE_PIXELS: readonly number[] = INSIDE;

/**
 * How closely the selfie's face copies the document's portrait, detail for detail: the correlation
 * (-1 to 1) of their aligned patches' fine detail over the inner face, the highest of the selfie as
 * it is and turned over left to right (a copy may be mirrored), with both faces aligned by a
 * similarity and by an affine map (faces/face-patch.ts, FacePatches). Docs/liveness.md, "The selfie
 * as a copy of the document's portrait": the portrait cut out of a photo of the card, or pasted over
 * another face, is the same print, every crease and shadow of it in place; two captures of one
 * person at different times are not. The engine refuses a selfie at
 * LIVENESS_PORTRAIT_COPY_MIN_SCORE or above unless its head-turn capture shows the person live
 * (LIVENESS_PORTRAIT_COPY).
 */
export function portraitCopyScore(portrait: FacePatches, selfie: FacePatches): number {
  return Math.max(copyScoreOf(portrait.bySimilarity, selfie.bySimilarity), copyScoreOf(portrait.byAffine, selfie.byAffine));
}

/** portraitCopyScore for two patches aligned the same way. */
function copyScoreOf(portrait: Float32Array, selfie: Float32Array): number {
  let sum = 0;
  let squares = 0;
  for (const i of INSIDE) {
    sum += portrait[i];
    squares += portrait[i] * portrait[i];
  }
  const inner = { sum, variance: squares - (sum * sum) / INSIDE.length };
  return Math.max(bestShiftedCorrelation(portrait, inner, selfie, INSIDE), bestShiftedCorrelation(portrait, inner, selfie, INSIDE_MIRRORED));
}

/**
 * The highest correlation over the inner face of `a` (its sum and variance there given) with `b`,
 * read at `at` (the same pixels, or turned over) moved by up to MAX_SHIFT each way.
 */
function bestShiftedCorrelation(a: Float32Array, { sum: sumA, variance: varA }: { sum: number; variance: number }, b: Float32Array, at: number[]): number {
  const n = INSIDE.length;
  let best = -1;
  for (let dy = -MAX_SHIFT; dy <= MAX_SHIFT; dy++) {
    for (let dx = -MAX_SHIFT; dx <= MAX_SHIFT; dx++) {
      const shift = dy * PATCH_SIZE + dx;
      let sumB = 0;
      let sumBB = 0;
      let sumAB = 0;
      for (let k = 0; k < n; k++) {
        const vb = b[at[k] + shift];
        sumB += vb;
        sumBB += vb * vb;
        sumAB += a[INSIDE[k]] * vb;
      }
      const varB = sumBB - (sumB * sumB) / n;
      if (varA > 0 && varB > 0) best = Math.max(best, (sumAB - (sumA * sumB) / n) / Math.sqrt(varA * varB));
    }
  }
  return best;
}

/**
 * What the log keeps of one check's portrait-copy score, for an operator weighing a threshold on
 * their own traffic (`npm run report:liveness`, docs/liveness.md): the score to two decimals,
 * whether the check verified the person with this rule and the pixelated- and enlarged-selfie ones
 * left out (most likely a live one, whose score, block grid and trace the thresholds must stay above), how much of the
 * selfie's detail is at its finest scale (faces/face-detail.ts, to two decimals: a copy enlarged
 * smoothly has little, which nothing decides on) and how strongly its edges lie on a grid
 * (faces/block-grid.ts, to two decimals: a copy pixelated with hard blocks scores high) and how
 * sharply its steps between pixels repeat (faces/resampling-trace.ts, to two decimals: a copy
 * enlarged from a much smaller picture scores high); no image, name, id or token.
 */
export interface PortraitCopyRecord {
  score: number;
  otherChecks: 'passed' | 'failed';
  selfieFineDetail?: number;
  selfieBlockGrid?: number;
  selfieResamplingTrace?: number;
}

/** The selfie's own measures that go with its record, as the face model gave them. */
interface SelfieMeasures {
  fineDetail?: number;
  blockGrid?: number;
  resamplingTrace?: number;
}

export function portraitCopyRecord(score: number, verified: boolean, selfie: SelfieMeasures = {}): PortraitCopyRecord {
  const twoDecimals = (value: number) => Math.round(value * 100) / 100;
  const record: PortraitCopyRecord = { score: twoDecimals(score), otherChecks: verified ? 'passed' : 'failed' };
  if (selfie.fineDetail !== undefined) record.selfieFineDetail = twoDecimals(selfie.fineDetail);
  if (selfie.blockGrid !== undefined) record.selfieBlockGrid = twoDecimals(selfie.blockGrid);
  if (selfie.resamplingTrace !== undefined) record.selfieResamplingTrace = twoDecimals(selfie.resamplingTrace);
  return record;
}
