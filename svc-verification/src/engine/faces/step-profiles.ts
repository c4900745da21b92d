import type { RgbImage } from './rgb-image';

/** The face is read in a square of at most this many of the image's pixels on a side, at its box's centre. */
const MAX_SIDE = 256;
/** Math's functions, looked up once (face-patch.ts says why: under jest each lookup goes through a sandbox). */
const { abs, max, min, round } = Math;

/**
 * A JPEG's blocks are 8 pixels on a side, from the image's first pixel (or its last, in an image
 * turned by its EXIF orientation): heavily compressed, its steps between pixels are larger across
 * their edges. The measures on these profiles leave those steps out, or score them apart.
 */
const JPEG_BLOCK = 8;

/** Whether the step between pixels `at` and `at` + 1 (of a line of `length`) crosses a JPEG block's edge, from either end. */
function onJpegEdge(at: number, length: number): boolean {
  return (at + 1) % JPEG_BLOCK === 0 || (length - 1 - at) % JPEG_BLOCK === 0;
}

/**
 * The mean steps of one direction: `steps[x]` between pixels x and x + 1 of the square, which of
 * them cross a JPEG block's edge, and where the square lies on the image's line (its first pixel's
 * place, of a line of `length`).
 */
export interface StepProfile {
  steps: Float64Array;
  onJpeg: Float64Array;
  origin: number;
  length: number;
}

/**
 * The face's mean steps between neighbouring pixels, for each column (the step from one column to
 * the next, over the square's rows) and each row, in a square of the image's own pixels (not
 * resampled) at the face box's centre: the box's shorter side, at most 256. What a picture's
 * pixelation (faces/block-grid.ts) or enlargement (faces/resampling-trace.ts) leaves shows in them.
 */
export function stepProfilesOf(image: RgbImage, box: [number, number, number, number]): { columns: StepProfile; rows: StepProfile } {
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
  return {
    columns: { steps: columns, onJpeg: columns.map((_, x) => (onJpegEdge(left + x, image.width) ? 1 : 0)), origin: left, length: image.width },
    rows: { steps: rows, onJpeg: rows.map((_, y) => (onJpegEdge(top + y, image.height) ? 1 : 0)), origin: top, length: image.height },
  };
}
