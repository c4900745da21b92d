import type { RgbImage } from './rgb-image';

/** A face's patch is this many pixels on a side, in the aligned frame below. */
export const PATCH_SIZE = 128;

/**
 * Where five points of a face go in the aligned frame: the centres of the eyes, the nose tip and the
 * mouth's corners, left to right as the image shows them. The common 112-pixel alignment of face
 * recognition (ArcFace's), in the middle of the patch (8 pixels more on every side, so that two
 * patches can be compared shifted a little: portrait-copy.ts): symmetric about the patch's middle,
 * so that a patch turned over left to right is a mirrored face aligned the same way.
 */
export const ALIGNED_POINTS: [number, number][] = [
  [38.2946, 51.6963],
  [73.5318, 51.5014],
  [56.0252, 71.7366],
  [41.5493, 92.3655],
  [70.7299, 92.2041],
].map(([x, y]) => [x + 8, y + 8]);

/**
 * The five points in the face mesh of @vladmandic/human (MediaPipe's 468 points): each eye's centre
 * as the middle of its corners (33 and 133 on the image's left, 362 and 263 on its right), the nose
 * tip (1), the mouth's corners (61, 291).
 */
const MESH_POINTS: number[][] = [[33, 133], [362, 263], [1], [61], [291]];

/** Fine detail kept, lighting left out: a difference of two blurs, of these radii (patch pixels). */
const DETAIL_BLUR = 1;
const LIGHTING_BLUR = 6;

/**
 * A face's patch aligned two ways (portrait-copy.ts compares each with its kind): by the similarity
 * that best carries its five points onto ALIGNED_POINTS, which keeps a copy's detail where five
 * slightly misplaced points put it, and by the affine map that does, which also undoes a copy
 * stretched, sheared or seen at an angle but follows those points' misplacement more (docs/liveness.md,
 * "Edited copies of the portrait": each alone lost copies the other found).
 */
export interface FacePatches {
  bySimilarity: Float32Array;
  byAffine: Float32Array;
}

/**
 * A face's own texture in a frame every face is aligned to (its eyes, nose and mouth where
 * ALIGNED_POINTS puts them), both ways of FacePatches: grey, PATCH_SIZE x PATCH_SIZE, row by row, as
 * fine detail only (a difference of two box blurs), so that two pictures compare by what the face
 * shows, not by how it was lit or exposed. Undefined without a mesh of 468 points.
 */
export function alignedFacePatches(image: RgbImage, mesh: [number, number, number][] | undefined): FacePatches | undefined {
  if (!mesh || mesh.length < 468) return undefined;
  const points = alignmentPoints(mesh);
  const { a, b, c, d } = similarityFit(ALIGNED_POINTS, points);
  return {
    bySimilarity: patchThrough(image, { a, b: -b, c, d: b, e: a, f: d }),
    byAffine: patchThrough(image, affineFit(ALIGNED_POINTS, points)),
  };
}

/** The five points of a face mesh (468 points) that go to ALIGNED_POINTS, in the mesh's pixels. */
export function alignmentPoints(mesh: [number, number, number][]): [number, number][] {
  return MESH_POINTS.map((indices) => {
    const x = indices.reduce((sum, i) => sum + mesh[i][0], 0) / indices.length;
    const y = indices.reduce((sum, i) => sum + mesh[i][1], 0) / indices.length;
    return [x, y];
  });
}

/** The detail patch of `image` read through the map from the patch's pixels to the image's: u = a x + b y + c, v = d x + e y + f. */
function patchThrough(image: RgbImage, { a, b, c, d, e, f }: { a: number; b: number; c: number; d: number; e: number; f: number }): Float32Array {
  const grey = new Float32Array(PATCH_SIZE * PATCH_SIZE);
  // Plain arithmetic in this loop and the blurs (no arrays made per pixel): they run for every face described.
  for (let y = 0; y < PATCH_SIZE; y++) {
    for (let x = 0; x < PATCH_SIZE; x++) {
      const u = a * (x + 0.5) + b * (y + 0.5) + c;
      const v = d * (x + 0.5) + e * (y + 0.5) + f;
      grey[y * PATCH_SIZE + x] = greyAt(image, u - 0.5, v - 0.5);
    }
  }
  const detail = boxBlur(grey, DETAIL_BLUR);
  const lighting = boxBlur(grey, LIGHTING_BLUR);
  for (let i = 0; i < detail.length; i++) detail[i] -= lighting[i];
  return detail;
}

/**
 * The similarity (scale, turn, shift; no mirroring) that carries `from` onto `to` with the least
 * squared error: x' = a x - b y + c, y' = b x + a y + d (as complex numbers, to = (a + ib) from + (c + id)).
 */
export function similarityFit(from: [number, number][], to: [number, number][]): { a: number; b: number; c: number; d: number } {
  const n = from.length;
  const mean = (points: [number, number][], axis: 0 | 1) => points.reduce((sum, p) => sum + p[axis], 0) / n;
  const [fx, fy, tx, ty] = [mean(from, 0), mean(from, 1), mean(to, 0), mean(to, 1)];
  let re = 0;
  let im = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const [zx, zy] = [from[i][0] - fx, from[i][1] - fy];
    const [wx, wy] = [to[i][0] - tx, to[i][1] - ty];
    // (w) * conj(z)
    re += wx * zx + wy * zy;
    im += wy * zx - wx * zy;
    norm += zx * zx + zy * zy;
  }
  const a = norm === 0 ? 0 : re / norm;
  const b = norm === 0 ? 0 : im / norm;
  return { a, b, c: tx - (a * fx - b * fy), d: ty - (b * fx + a * fy) };
}

/**
 * The affine map (scale, turn, shift, and stretch or shear along any direction) that carries `from`
 * onto `to` with the least squared error: x' = a x + b y + c, y' = d x + e y + f. An affine map, not only a similarity, so that a copy
 * stretched, sheared or seen at an angle is brought back onto the portrait's frame
 * (docs/liveness.md, "Edited copies of the portrait"); FacePatches says why both are kept.
 */
export function affineFit(from: [number, number][], to: [number, number][]): { a: number; b: number; c: number; d: number; e: number; f: number } {
  const n = from.length;
  const mean = (points: [number, number][], axis: 0 | 1) => points.reduce((sum, p) => sum + p[axis], 0) / n;
  const [fx, fy, tx, ty] = [mean(from, 0), mean(from, 1), mean(to, 0), mean(to, 1)];
  // the normal equations: [a b; d e] = (sum of w z^T) (sum of z z^T)^-1, z and w the centred points
  let [sxx, sxy, syy, uX, uY, vX, vY] = [0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const [zx, zy] = [from[i][0] - fx, from[i][1] - fy];
    const [wx, wy] = [to[i][0] - tx, to[i][1] - ty];
    sxx += zx * zx;
    sxy += zx * zy;
    syy += zy * zy;
    uX += wx * zx;
    uY += wx * zy;
    vX += wy * zx;
    vY += wy * zy;
  }
  const det = sxx * syy - sxy * sxy;
  if (Math.abs(det) < 1e-9) return { a: 0, b: 0, c: tx, d: 0, e: 0, f: ty };
  const [i00, i01, i11] = [syy / det, -sxy / det, sxx / det];
  const [a, b] = [uX * i00 + uY * i01, uX * i01 + uY * i11];
  const [d, e] = [vX * i00 + vY * i01, vX * i01 + vY * i11];
  return { a, b, c: tx - (a * fx + b * fy), d, e, f: ty - (d * fx + e * fy) };
}

/**
 * Math's functions, looked up once: greyAt calls them for every pixel of a patch, and where the
 * global object is a sandbox's (jest runs the tests in a vm context), each lookup of `Math` goes
 * through it, making a patch about 30 times slower.
 */
const { min, max, floor } = Math;

/** The grey level (0-255) at a point between pixels, bilinear; the nearest edge pixel outside the image. */
export function greyAt({ data, width, height }: RgbImage, x: number, y: number): number {
  const cx = min(max(x, 0), width - 1);
  const cy = min(max(y, 0), height - 1);
  const x0 = floor(cx);
  const y0 = floor(cy);
  const x1 = min(x0 + 1, width - 1);
  const y1 = min(y0 + 1, height - 1);
  const wx = cx - x0;
  const wy = cy - y0;
  const top = greyOf(data, (y0 * width + x0) * 3) * (1 - wx) + greyOf(data, (y0 * width + x1) * 3) * wx;
  const bottom = greyOf(data, (y1 * width + x0) * 3) * (1 - wx) + greyOf(data, (y1 * width + x1) * 3) * wx;
  return top * (1 - wy) + bottom * wy;
}

function greyOf(data: Buffer, i: number): number {
  return 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
}

/** A square patch blurred by the mean of each pixel's (2r+1) x (2r+1) neighbours inside it (fewer at its edges). */
export function boxBlur(patch: Float32Array, radius: number): Float32Array {
  return blurAlong(blurAlong(patch, radius, 1, PATCH_SIZE), radius, PATCH_SIZE, 1);
}

/** One pass of boxBlur: along rows (step 1 between neighbours) or columns (step PATCH_SIZE), by running sums. */
function blurAlong(source: Float32Array, radius: number, step: number, lineStep: number): Float32Array {
  const out = new Float32Array(source.length);
  for (let line = 0; line < PATCH_SIZE; line++) {
    const first = line * lineStep;
    let sum = 0;
    let count = 0;
    for (let k = 0; k < Math.min(radius, PATCH_SIZE - 1) + 1; k++) {
      sum += source[first + k * step];
      count++;
    }
    for (let k = 0; k < PATCH_SIZE; k++) {
      out[first + k * step] = sum / count;
      const entering = k + radius + 1;
      const leaving = k - radius;
      if (entering < PATCH_SIZE) {
        sum += source[first + entering * step];
        count++;
      }
      if (leaving >= 0) {
        sum -= source[first + leaving * step];
        count--;
      }
    }
  }
  return out;
}
