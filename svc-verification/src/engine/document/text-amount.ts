import sharp from 'sharp';

/** Darker than its surroundings by this much (0-255) is ink. */
const INK_CONTRAST = 24;
/** A printed character as OCR reads it: taller than a speck, shorter than a portrait or a border. */
const CHARACTER_HEIGHT_PX = { min: 6, max: 80 };
/** The surroundings of a pixel: the image's mean brightness over about this many pixels around it. */
const SURROUNDINGS_SCALE = 8;

/**
 * More printed characters than any identity document holds, counted at the scale OCR reads (long
 * edge at most 2000 px). The evaluation's documents hold at most 628 (tuning split) and 1,219 (all
 * splits: a passport data page of another design); a page printed edge to edge holds 6,900-29,000
 * (docs/decisions.md, docs/accuracy.md). Set well above every document: an image above it is not
 * read at all.
 */
export const MAX_DOCUMENT_CHARACTERS = 3000;

/**
 * Separate runs of ink along the rows past which counting stops, the image being over the limit:
 * the evaluation's documents have at most 27,000, an image of random noise 900,000 (counting all of
 * those would cost more than reading a card).
 */
const MAX_INK_RUNS = 300_000;

/** A greyscale image, one byte per pixel. */
export interface GreyImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * How many character-sized marks a greyscale image holds, counted without OCR: connected shapes
 * darker than their surroundings, of a printed character's size at the scale OCR reads. An OCR read
 * costs about in proportion to the characters it finds, so this tells what reading the image would
 * cost in a few milliseconds.
 */
export async function characterCount({ data, width, height }: GreyImage): Promise<number> {
  const small = { width: Math.max(1, Math.round(width / SURROUNDINGS_SCALE)), height: Math.max(1, Math.round(height / SURROUNDINGS_SCALE)) };
  const blurred = await sharp(data, { raw: { width, height, channels: 1 } })
    .resize(small.width, small.height, { fit: 'fill' })
    .blur(1)
    .raw()
    .toBuffer();
  // Copies into this realm's typed arrays: reads of sharp's Buffers are many times slower in jest's sandbox.
  const pixels = new Uint8Array(data);
  const surroundings = new Uint8Array(blurred);
  // where each column and row of the image falls in the small one
  const column = Int32Array.from({ length: width }, (_, x) => Math.min(small.width - 1, Math.floor(x / SURROUNDINGS_SCALE)));
  const row = Int32Array.from({ length: height }, (_, y) => Math.min(small.height - 1, Math.floor(y / SURROUNDINGS_SCALE)) * small.width);
  return countCharacterShapes((x, y) => surroundings[row[y] + column[x]] - pixels[y * width + x] >= INK_CONTRAST, width, height);
}

/**
 * Connected shapes (8-neighbour) of ink whose bounding box has a character's height and width,
 * found run by run: each row's runs of ink joined to the runs of the row above that touch them.
 * Infinite past MAX_INK_RUNS runs.
 */
export function countCharacterShapes(isInk: (x: number, y: number) => boolean, width: number, height: number): number {
  const parent: number[] = [];
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  // every run: its row, first and last column, and its label (joined through `parent`)
  const runRow: number[] = [];
  const runStart: number[] = [];
  const runEnd: number[] = [];
  // the runs of the row above: from `previousFrom` up to `previousTo`
  let previousFrom = 0;
  let previousTo = 0;
  for (let y = 0; y < height; y++) {
    const rowFrom = runRow.length;
    let above = previousFrom;
    for (let x = 0; x < width; x++) {
      if (!isInk(x, y)) continue;
      const start = x;
      while (x + 1 < width && isInk(x + 1, y)) x++;
      const run = runRow.length;
      if (run === MAX_INK_RUNS) return Number.POSITIVE_INFINITY;
      runRow.push(y);
      runStart.push(start);
      runEnd.push(x);
      parent.push(run);
      // the runs above that touch this one, corners included
      while (above < previousTo && runEnd[above] < start - 1) above++;
      for (let other = above; other < previousTo && runStart[other] <= x + 1; other++) {
        const a = find(run);
        const b = find(other);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
    previousFrom = rowFrom;
    previousTo = runRow.length;
  }
  // each shape's bounding box, kept at its root run
  const runs = runRow.length;
  const top = new Int32Array(runs).fill(height);
  const bottom = new Int32Array(runs).fill(-1);
  const left = new Int32Array(runs).fill(width);
  const right = new Int32Array(runs).fill(-1);
  for (let run = 0; run < runs; run++) {
    const root = find(run);
    top[root] = Math.min(top[root], runRow[run]);
    bottom[root] = Math.max(bottom[root], runRow[run]);
    left[root] = Math.min(left[root], runStart[run]);
    right[root] = Math.max(right[root], runEnd[run]);
  }
  let count = 0;
  for (let root = 0; root < runs; root++) {
    if (bottom[root] < 0) continue;
    const h = bottom[root] - top[root] + 1;
    const w = right[root] - left[root] + 1;
    if (h >= CHARACTER_HEIGHT_PX.min && h <= CHARACTER_HEIGHT_PX.max && w <= CHARACTER_HEIGHT_PX.max * 2) count++;
  }
  return count;
}
