import type { StepProfile, StepProfiles } from './step-profiles';

/** Blocks this many pixels wide or tall, at least and at most (10 to 85 of them across a square of 256), tried in steps of this. */
const MIN_PERIOD = 3;
const MAX_PERIOD = 24;
const PERIOD_STEP = 0.02;
/** A grid's first line is tried this far apart (pixels), and a grid of fewer lines than this in the square is not tried. */
const PHASE_STEP = 0.25;
const MIN_LINES = 4;
/** The steps between pixels counted as at least this (grey levels), so that a flat square does not make a ratio of nothing over nothing. */
const LEAST_STEP = 0.25;
/** Math's functions, looked up once (face-patch.ts says why: under jest each lookup goes through a sandbox). */
const { max, min } = Math;

/**
 * A JPEG's blocks are 8 pixels on a side, from the image's first pixel (or its last, in an image
 * turned by its EXIF orientation): heavily compressed, its steps are larger across their edges
 * (measured on the evaluation's genuine selfies saved again at quality 50: as high as 3.1 on a grid
 * of 8). Those steps are measured apart (jpegGridOf), and left out of the grids bestGridRatio fits.
 */
const JPEG_BLOCK = 8;
/**
 * On the JPEG's own grid, a picture pixelated with blocks of 8 or 16 pixels that fall on it is
 * found only by how much stronger its edges are than a JPEG's: its blocks are flat inside, a JPEG's
 * are not unless it is saved at the lowest qualities. Its ratio counts this much of a grid's.
 * Chosen on the evaluation's tuning split: its genuine selfies saved again at JPEG quality 10 reach
 * about 10 on it, and copies pixelated so start at about 13 (docs/liveness.md).
 */
const JPEG_GRID_WEIGHT = 1 / 4;

/** Which of a profile's steps cross a JPEG block's edge, counted from either end of the image's line (1 if so). */
function jpegEdgesOf({ steps, origin, length }: StepProfile): Float64Array {
  return steps.map((_, x) => ((origin + x + 1) % JPEG_BLOCK === 0 || (length - 1 - origin - x) % JPEG_BLOCK === 0 ? 1 : 0));
}

/**
 * How strongly the face's edges lie on a regular grid, as they do in a picture pixelated with its
 * blocks left hard (an image editor's "pixelate" or "mosaic", enlarged by the nearest pixel):
 * docs/liveness.md, "Pixelated copies of the portrait". In a square of the image's own pixels at
 * the face box's centre, the mean step between neighbouring pixels is taken for each column (and
 * each row); a grid of lines a fixed distance apart (3 to 24 pixels, any phase) is fitted to those
 * steps, and its score is the mean step on its lines over the mean step between them, the JPEG's
 * block edges left out; the JPEG's own grid is scored apart and counts JPEG_GRID_WEIGHT. The lower
 * of the columns' best and the rows' best is returned: blocks make a grid both ways. Inside a hard
 * block every pixel is the same, and every step is at its edges; a camera's frame has steps
 * everywhere, and its JPEG blocks are not flat.
 */
export function blockGridOf({ columns, rows }: StepProfiles): number {
  const [acrossEdges, downEdges] = [jpegEdgesOf(columns), jpegEdgesOf(rows)];
  const grid = min(bestGridRatio(columns.steps, acrossEdges), bestGridRatio(rows.steps, downEdges));
  const jpegGrid = min(jpegGridOf(columns.steps, acrossEdges), jpegGridOf(rows.steps, downEdges));
  return max(grid, jpegGrid * JPEG_GRID_WEIGHT);
}

/** The mean of `steps` across the JPEG's block edges over their mean elsewhere (1 when there are none). */
function jpegGridOf(steps: Float64Array, onJpeg: Float64Array): number {
  let on = 0;
  let edges = 0;
  let off = 0;
  for (let x = 0; x < steps.length; x++) {
    if (onJpeg[x]) {
      on += steps[x];
      edges++;
    } else off += steps[x];
  }
  if (edges === 0 || edges === steps.length) return 1;
  return on / edges / max(off / (steps.length - edges), LEAST_STEP);
}

/**
 * The highest mean of `steps` on a grid's lines over their mean between them, over every grid
 * tried, the steps across the JPEG's block edges (`onJpeg`) left out.
 */
function bestGridRatio(steps: Float64Array, onJpeg: Float64Array): number {
  const n = steps.length;
  let total = 0;
  let counted = 0;
  for (let x = 0; x < n; x++) {
    if (onJpeg[x]) continue;
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
        if (onJpeg[at]) continue;
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
