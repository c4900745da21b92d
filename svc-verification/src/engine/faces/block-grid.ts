import type { RgbImage } from './rgb-image';

/** The face is read in a square of at most this many of the image's pixels on a side, at its box's centre. */
const MAX_SIDE = 256;
/** Blocks this many pixels wide or tall, at least and at most (a face of 120 to 480 pixels in 5 to 80 blocks), in steps of this. */
const MIN_PERIOD = 3;
const MAX_PERIOD = 24;
const PERIOD_STEP = 0.02;
/** A grid's first line is tried this far apart (pixels), and a grid of fewer lines than this in the square is not tried. */
const PHASE_STEP = 0.25;
const MIN_LINES = 4;
/** The steps between pixels counted as at least this (grey levels), so that a flat square does not make a ratio of nothing over nothing. */
const LEAST_STEP = 0.25;
/** Math's functions, looked up once (face-patch.ts says why: under jest each lookup goes through a sandbox). */
const { abs, max, min, round } = Math;

/**
 * How strongly the face's edges lie on a regular grid, as they do in a picture pixelated with its
 * blocks left hard (an image editor's "pixelate" or "mosaic", enlarged by the nearest pixel):
 * docs/liveness.md, "Pixelated copies of the portrait". In a square of the image's own pixels at
 * the face box's centre, the mean step between neighbouring pixels is taken for each column (and
 * each row); a grid of lines a fixed distance apart (3 to 24 pixels, any phase) is fitted to those
 * steps, and its score is the mean step on its lines over the mean step between them. The lower of
 * the columns' best and the rows' best is returned: blocks make a grid both ways. Inside a hard
 * block every pixel is the same, and every step is at its edges; a camera's frame has steps
 * everywhere, and its JPEG blocks (8 pixels) are not flat.
 */
export function blockGridOf(image: RgbImage, box: [number, number, number, number]): number {
  const side = max(2, min(MAX_SIDE, round(min(box[2], box[3])), image.width, image.height));
  const left = min(max(round(box[0] + box[2] / 2 - side / 2), 0), image.width - side);
  const top = min(max(round(box[1] + box[3] / 2 - side / 2), 0), image.height - side);
  const grey = new Float32Array(side * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = ((top + y) * image.width + left + x) * 3;
      grey[y * side + x] = 0.299 * image.data[i] + 0.587 * image.data[i + 1] + 0.114 * image.data[i + 2];
    }
  }
  const columns = new Float64Array(side - 1);
  const rows = new Float64Array(side - 1);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const here = grey[y * side + x];
      if (x + 1 < side) columns[x] += abs(grey[y * side + x + 1] - here) / side;
      if (y + 1 < side) rows[y] += abs(grey[(y + 1) * side + x] - here) / side;
    }
  }
  return min(bestGridRatio(columns), bestGridRatio(rows));
}

/**
 * A JPEG's blocks are 8 pixels on a side: heavily compressed, its steps are larger across their
 * edges (measured on the evaluation's genuine selfies saved again at quality 50: as high as 3.1).
 * The steps of the one column (or row) in eight where they are largest are left out of every grid,
 * so that a JPEG's own blocks are never taken for pixelation: blocks of 8 pixels (or 16) that
 * fall on the JPEG's are not seen (a limit, docs/liveness.md); those of any other size lose one
 * line in eight.
 */
const JPEG_BLOCK = 8;

/** Which of the eight classes of positions (x mod 8) has the largest mean step. */
function jpegEdgeClass(steps: Float64Array): number {
  const sums = new Float64Array(JPEG_BLOCK);
  const counts = new Float64Array(JPEG_BLOCK);
  for (let x = 0; x < steps.length; x++) {
    sums[x % JPEG_BLOCK] += steps[x];
    counts[x % JPEG_BLOCK]++;
  }
  let strongest = 0;
  for (let k = 1; k < JPEG_BLOCK; k++) if (sums[k] / counts[k] > sums[strongest] / counts[strongest]) strongest = k;
  return strongest;
}

/**
 * The highest mean of `steps` on a grid's lines over their mean between them, over every grid
 * tried, the steps of jpegEdgeClass left out.
 */
function bestGridRatio(steps: Float64Array): number {
  const n = steps.length;
  const skipped = jpegEdgeClass(steps);
  let total = 0;
  let counted = 0;
  for (let x = 0; x < n; x++) {
    if (x % JPEG_BLOCK === skipped) continue;
    total += steps[x];
    counted++;
  }
  let best = 1;
  for (let period = MIN_PERIOD; period <= MAX_PERIOD; period += PERIOD_STEP) {
    if (n / period < MIN_LINES) break;
    for (let phase = 0; phase < period; phase += PHASE_STEP) {
      let on = 0;
      let lines = 0;
      for (let x = phase; x + 0.5 < n; x += period) {
        const at = (x + 0.5) | 0;
        if (at % JPEG_BLOCK === skipped) continue;
        on += steps[at];
        lines++;
      }
      if (lines < MIN_LINES || lines === counted) continue;
      const off = (total - on) / (counted - lines);
      best = max(best, on / lines / max(off, LEAST_STEP));
    }
  }
  return best;
}
