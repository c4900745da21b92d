// @ts-check
/**
 * The off-plane measure's own thread (node:worker_threads), started by SurfaceMotion
 * (surface-motion.ts): OpenCV (@techstark/opencv-js, WebAssembly) runs synchronously, and its
 * module is 13 MB of JavaScript that loads in ~200 ms in a plain thread (in jest's module sandbox it
 * does not finish loading at all). Plain JavaScript because a worker is started from a file; the
 * build copies it next to surface-motion.js.
 *
 * In: `{ id, frames: [{ data: Uint8Array (grey), width, height }], outline: [x, y][], regions: { nose,
 * forehead, chin, cheekLeft, cheekRight: [x, y] }, faceWidth }` (the first frame's face).
 * Out: `{ ready: true }` once OpenCV is loaded, then `{ id, points, offPlane?, apart?, aspects }` or `{ id, error }`.
 *
 * Points of the face's own texture inside `outline` (the first frame's face outline) are found in
 * the first frame and followed frame to frame (pyramidal Lucas-Kanade optical flow); a point is kept
 * only where following it back returns within 1 px of where it was. The best homography (least
 * squares over every point: a head's points share no plane, and RANSAC would fit its largest part)
 * carries the first frame's points toward the last's; `offPlane` is the root mean square distance
 * left, in face widths. `apart`: how far the nose's points land, on average, from each of its
 * neighbours' (forehead, chin, cheekLeft, cheekRight) against that plane, in face widths; a
 * neighbour with too few points followed is left out. `aspects`: for each frame after the first, the
 * points still followed there, their spread across (x) over their spread down (y), against the same
 * points' in the first frame (1: the face's texture kept its shape; a picture turned about an axis
 * narrows along it by the cosine of its angle, whatever a face model makes of it).
 */
const { parentPort } = require('node:worker_threads');

const TRACKING = { window: 21, levels: 3, maxCorners: 400, quality: 0.001, minDistance: 4, maxRoundTripPx: 1 };
/** Fewer points than this followed to the last frame say nothing: no measure. */
const MIN_POINTS = 20;
/** A region's points: within this many face widths of its centre in the first frame; fewer than MIN_REGION_POINTS say nothing. */
const REGION_RADIUS = 0.2;
const MIN_REGION_POINTS = 2;

/**
 * OpenCV once its runtime is up, wrapped: the module has a `then` of its own (Emscripten's), so a
 * promise resolved with it would wait on that forever.
 * @returns {Promise<{ cv: any }>}
 */
async function loadOpenCv() {
  const cv = require('@techstark/opencv-js');
  if (!cv.Mat) await new Promise((resolve) => (cv.onRuntimeInitialized = resolve));
  return { cv };
}

/**
 * @param {any} cv
 * @param {{
 *   frames: { data: Uint8Array, width: number, height: number }[],
 *   outline: [number, number][],
 *   regions: Record<'nose' | 'forehead' | 'chin' | 'cheekLeft' | 'cheekRight', [number, number]>,
 *   faceWidth: number,
 * }} request
 */
function measure(cv, { frames, outline, regions, faceWidth }) {
  /** @type {any[]} */
  const mats = [];
  /** @template T @param {T} mat @returns {T} */
  const keep = (mat) => (mats.push(mat), mat);
  try {
    const images = frames.map((frame) => keep(cv.matFromArray(frame.height, frame.width, cv.CV_8UC1, frame.data)));
    const mask = keep(cv.Mat.zeros(frames[0].height, frames[0].width, cv.CV_8UC1));
    const polygon = keep(
      cv.matFromArray(
        outline.length,
        1,
        cv.CV_32SC2,
        outline.flatMap(([x, y]) => [Math.round(x), Math.round(y)]),
      ),
    );
    const polygons = keep(new cv.MatVector());
    polygons.push_back(polygon);
    cv.fillPoly(mask, polygons, new cv.Scalar(255));
    const corners = keep(new cv.Mat());
    cv.goodFeaturesToTrack(images[0], corners, TRACKING.maxCorners, TRACKING.quality, TRACKING.minDistance, mask);
    /** @type {number[]} */
    const start = Array.from(corners.data32F);
    let current = start;
    let alive = Array.from({ length: start.length / 2 }, (_, i) => i);
    /** @type {number[]} */
    const aspects = [];
    const size = new cv.Size(TRACKING.window, TRACKING.window);
    const criteria = new cv.TermCriteria(cv.TermCriteria_COUNT + cv.TermCriteria_EPS, 30, 0.01);
    for (let step = 1; step < images.length && alive.length >= MIN_POINTS; step++) {
      const from = keep(
        cv.matFromArray(
          alive.length,
          1,
          cv.CV_32FC2,
          alive.flatMap((i) => [current[2 * i], current[2 * i + 1]]),
        ),
      );
      const [forward, back, status, backStatus, error] = [1, 2, 3, 4, 5].map(() => keep(new cv.Mat()));
      cv.calcOpticalFlowPyrLK(images[step - 1], images[step], from, forward, status, error, size, TRACKING.levels, criteria);
      cv.calcOpticalFlowPyrLK(images[step], images[step - 1], forward, back, backStatus, error, size, TRACKING.levels, criteria);
      const next = [...current];
      alive = alive.filter((index, k) => {
        const roundTrip = Math.hypot(back.data32F[2 * k] - current[2 * index], back.data32F[2 * k + 1] - current[2 * index + 1]);
        if (status.data[k] !== 1 || backStatus.data[k] !== 1 || !(roundTrip <= TRACKING.maxRoundTripPx)) return false;
        next[2 * index] = forward.data32F[2 * k];
        next[2 * index + 1] = forward.data32F[2 * k + 1];
        return true;
      });
      current = next;
      if (alive.length >= MIN_POINTS) aspects.push(aspectOf(start, current, alive));
    }
    if (alive.length < MIN_POINTS) return { points: alive.length, aspects };
    const source = keep(
      cv.matFromArray(
        alive.length,
        1,
        cv.CV_32FC2,
        alive.flatMap((i) => [start[2 * i], start[2 * i + 1]]),
      ),
    );
    const target = keep(
      cv.matFromArray(
        alive.length,
        1,
        cv.CV_32FC2,
        alive.flatMap((i) => [current[2 * i], current[2 * i + 1]]),
      ),
    );
    const homography = keep(cv.findHomography(source, target, 0));
    if (homography.empty()) return { points: alive.length, aspects };
    const offPlane = Math.sqrt(alive.reduce((sum, i) => sum + squaredMiss(homography.data64F, start, current, i), 0) / alive.length) / faceWidth;
    // The nose against each of its neighbours: where each region's points land, on average, off
    // the plane fitted to every point (surface-motion.ts' noseShiftOf weighs the four).
    const misses = new Map(
      alive.map((i) => {
        const [px, py] = project(homography.data64F, start[2 * i], start[2 * i + 1]);
        return [i, [current[2 * i] - px, current[2 * i + 1] - py]];
      }),
    );
    /** @param {[number, number]} centre */
    const regionMiss = (centre) => {
      const inside = alive.filter((i) => Math.hypot(start[2 * i] - centre[0], start[2 * i + 1] - centre[1]) <= REGION_RADIUS * faceWidth);
      if (inside.length < MIN_REGION_POINTS) return undefined;
      const sum = inside.reduce((acc, i) => [acc[0] + misses.get(i)[0], acc[1] + misses.get(i)[1]], [0, 0]);
      return [sum[0] / inside.length, sum[1] / inside.length];
    };
    const nose = regionMiss(regions.nose);
    /** @type {Record<string, number>} */
    const apart = {};
    for (const name of ['forehead', 'chin', 'cheekLeft', 'cheekRight']) {
      const other = regionMiss(regions[/** @type {'forehead'} */ (name)]);
      if (nose && other) apart[name] = Math.hypot(nose[0] - other[0], nose[1] - other[1]) / faceWidth;
    }
    return { points: alive.length, offPlane, apart, aspects };
  } finally {
    for (const mat of mats) mat.delete();
  }
}

/**
 * The points' spread across over their spread down where they are now, against the same in the first frame.
 * @param {number[]} start @param {number[]} current @param {number[]} alive
 */
function aspectOf(start, current, alive) {
  /** @param {number[]} at @param {0 | 1} axis */
  const spread = (at, axis) => {
    const values = alive.map((i) => at[2 * i + axis]);
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
  };
  return spread(current, 0) / spread(current, 1) / (spread(start, 0) / spread(start, 1));
}

/** @param {Float64Array} h @param {number} x @param {number} y @returns {[number, number]} */
function project(h, x, y) {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

/** @param {Float64Array} h @param {number[]} start @param {number[]} current @param {number} i */
function squaredMiss(h, start, current, i) {
  const [px, py] = project(h, start[2 * i], start[2 * i + 1]);
  return (px - current[2 * i]) ** 2 + (py - current[2 * i + 1]) ** 2;
}

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const loaded = loadOpenCv();
void loaded.then(() => port.postMessage({ ready: true }));
port.on('message', async (message) => {
  try {
    port.postMessage({ id: message.id, ...measure((await loaded).cv, message) });
  } catch (error) {
    port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
