import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { type FaceModel, HUMAN_PACKAGE, type RgbImage, faceDistance } from './face-model';

/**
 * Strangers every comparison is measured against (cohort score normalisation, "S-norm"): the faces
 * of @vladmandic/human's face-match screenshot, a grid of face thumbnails shipped in its package.
 *
 * Why: a raw distance means different things for different faces. Small, soft or plain faces (a
 * card's portrait, a group photo's far row) lie near everybody, so two strangers among them come as
 * close as another photo of one person does (docs/accuracy.md: 0.36 against 0.35-0.44). Measured
 * against the same strangers, each face's distances have their own mean and spread; how far the
 * pair's distance lies below both says how much nearer the two faces are to each other than to
 * anyone else, on one scale for every face.
 *
 * Which cells: rows 3 to 6 of the grid (row 1 is one man, whose other photos the evaluation uses as
 * genuine pairs; row 2 holds look-alikes of him, ranked there by the screenshot's own matching),
 * without the cells showing people of @vladmandic/face-api's sample photos, which the evaluation set
 * is made of (each within 0.2 of one of them; every other cell is beyond 0.3). So the evaluation
 * never measures a face against itself (eval/choose-cohort.eval.ts prints the choice).
 */
export const COHORT_IMAGE = path.join(HUMAN_PACKAGE, 'assets', 'screenshot-facematch.jpg');

/** The grid of the screenshot (1920 x 954): 18 columns, a row every 112 px from y 286. */
const GRID = { columns: 18, width: 1920, top: 286, rowHeight: 112, cellHeight: 108, inset: 2 };
/** 0-based rows and, per row, the 0-based columns left out (see above). */
export const COHORT_ROWS: Record<number, number[]> = { 2: [8, 10, 15, 17], 3: [0, 3, 5, 7, 9], 4: [1, 10, 14, 15], 5: [0, 4, 11, 14] };
/**
 * The nearest strangers left out of each face's mean and spread: the person, or a look-alike, may
 * be among them, and one near face widens the spread of ~50 by a third.
 */
const NEAREST_LEFT_OUT = 3;
/** Thumbnails are ~100 px: drawn larger before the detector looks for the face in them. */
const CELL_DRAWN_WIDTH = 400;

export interface Cell {
  row: number;
  column: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Every cell of the grid, row by row. */
export function gridCells(rows = [0, 1, 2, 3, 4, 5]): Cell[] {
  const cellWidth = GRID.width / GRID.columns;
  return rows.flatMap((row) =>
    Array.from({ length: GRID.columns }, (_, column) => ({
      row,
      column,
      left: Math.round(column * cellWidth) + GRID.inset,
      top: GRID.top + row * GRID.rowHeight,
      width: Math.round(cellWidth) - 2 * GRID.inset,
      height: GRID.cellHeight,
    })),
  );
}

/** The cohort's cells. */
export function cohortCells(): Cell[] {
  return gridCells(Object.keys(COHORT_ROWS).map(Number)).filter((cell) => !COHORT_ROWS[cell.row].includes(cell.column));
}

/** One cell of the screenshot, drawn larger, as the face model reads images. */
export async function cellImage(cell: Cell): Promise<RgbImage> {
  const { data, info } = await sharp(COHORT_IMAGE)
    .extract({ left: cell.left, top: cell.top, width: cell.width, height: cell.height })
    .resize({ width: CELL_DRAWN_WIDTH, kernel: 'lanczos3' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The descriptors of the cohort's faces, described as every compared face is (FaceModel.describe). */
export async function describeCohort(model: FaceModel): Promise<number[][]> {
  const descriptors: number[][] = [];
  for (const cell of cohortCells()) {
    const [face] = await model.describe(await cellImage(cell));
    if (face) descriptors.push(face.embedding);
  }
  return descriptors;
}

/**
 * Where the build writes the cohort's descriptors (`npm run build` runs store-cohort.js): next to
 * this module in dist/, which git ignores: they are computed, never committed. Describing 53 faces
 * takes about 12 s of a 2-core start-up; reading them back, a few milliseconds.
 */
export const COHORT_FILE = path.join(__dirname, 'face-cohort.json');

/** The models the descriptions depend on (face-model.ts), besides the screenshot. */
const COHORT_MODELS = ['blazeface', 'facemesh', 'faceres'].flatMap((name) => [`${name}.json`, `${name}.bin`]);

/**
 * What the descriptors were computed from: the screenshot, the models, the cells and how they are
 * drawn. Stored descriptors whose key differs (a package updated, the cells changed) are not used.
 */
export function cohortKey(): string {
  const hash = crypto.createHash('sha256');
  hash.update(fs.readFileSync(COHORT_IMAGE));
  for (const model of COHORT_MODELS) hash.update(fs.readFileSync(path.join(HUMAN_PACKAGE, 'models', model)));
  hash.update(JSON.stringify({ cells: cohortCells(), drawn: CELL_DRAWN_WIDTH }));
  return hash.digest('hex');
}

/** The descriptors the build stored, if they were computed from what is here now. */
export function storedCohort(file = COHORT_FILE): number[][] | undefined {
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { key?: unknown; descriptors?: unknown };
    return stored.key === cohortKey() && Array.isArray(stored.descriptors) ? (stored.descriptors as number[][]) : undefined;
  } catch {
    return undefined;
  }
}

/** Describes the cohort and stores it where storedCohort reads it. */
export async function storeCohort(model: FaceModel, file = COHORT_FILE): Promise<number> {
  const descriptors = await describeCohort(model);
  fs.writeFileSync(file, JSON.stringify({ key: cohortKey(), descriptors }));
  return descriptors.length;
}

/** Mean and spread of one face's distances to the cohort, its nearest few left out. */
function standing(descriptor: number[], cohort: number[][]): { mean: number; spread: number } {
  const distances = cohort
    .map((stranger) => faceDistance(descriptor, stranger))
    .sort((a, b) => a - b)
    .slice(NEAREST_LEFT_OUT);
  const mean = distances.reduce((sum, d) => sum + d, 0) / distances.length;
  const variance = distances.reduce((sum, d) => sum + (d - mean) ** 2, 0) / distances.length;
  // a cohort of identical strangers has no spread: count any difference as one
  return { mean, spread: Math.max(Math.sqrt(variance), 1e-6) };
}

/**
 * The pair's distance in spreads from each face's strangers, averaged over the two faces: 0 for a
 * pair as far apart as strangers are, about -5 for the same photo taken again, lower is nearer.
 */
export function normalizedFaceDistance(a: number[], b: number[], cohort: number[][]): number {
  const distance = faceDistance(a, b);
  const [first, second] = [standing(a, cohort), standing(b, cohort)];
  return ((distance - first.mean) / first.spread + (distance - second.mean) / second.spread) / 2;
}
