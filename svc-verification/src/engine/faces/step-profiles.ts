import type { RgbImage } from './rgb-image';

/** The face is read in a square of at most this many of the image's pixels on a side, at its box's centre. */
const MAX_SIDE = 256;
/** Math's functions, looked up once (face-patch.ts says why: under jest each lookup goes through a sandbox). */
const { abs, max, min, round } = Math;

/**
 * The mean steps of one direction: `steps[x]` between pixels x and x + 1 of the square, and where
 * the square lies on the image's line (its first pixel's place, of a line of `length`), which says
 * where the JPEG's own blocks fall in it.
 */
export interface StepProfile {
  steps: Float64Array;
  origin: number;
  length: number;
}

/**
 * The square's steps themselves, pixel by pixel: `across[y * (side - 1) + x]` between pixels x and
 * x + 1 of row y, `down[y * side + x]` between rows y and y + 1 of column x (so that a measure can
 * take their means along lines other than the square's columns and rows: faces/resampling-trace.ts).
 */
export interface StepMaps {
  across: Float32Array;
  down: Float32Array;
  side: number;
}

/** The face's profiles across (a step a column) and down (a step a row), and the steps they are the means of. */
export interface StepProfiles {
  columns: StepProfile;
  rows: StepProfile;
  maps: StepMaps;
}

/**
 * The face's mean steps between neighbouring pixels, for each column (the step from one column to
 * the next, over the square's rows) and each row, in a square of the image's own pixels (not
 * resampled) at the face box's centre: the box's shorter side, at most 256. What a picture's
 * pixelation (faces/block-grid.ts) or enlargement (faces/resampling-trace.ts) leaves shows in them.
 */
export function stepProfilesOf(image: RgbImage, box: [number, number, number, number]): StepProfiles {
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
  const across = new Float32Array(side * (side - 1));
  const down = new Float32Array((side - 1) * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const here = grey[y * side + x];
      if (x + 1 < side) {
        const step = abs(grey[y * side + x + 1] - here);
        across[y * (side - 1) + x] = step;
        columns[x] += step / side;
      }
      if (y + 1 < side) {
        const step = abs(grey[(y + 1) * side + x] - here);
        down[y * side + x] = step;
        rows[y] += step / side;
      }
    }
  }
  return {
    columns: { steps: columns, origin: left, length: image.width },
    rows: { steps: rows, origin: top, length: image.height },
    maps: { across, down, side },
  };
}
