import { COHORT_ROWS, cellImage, gridCells } from '../src/engine/faces/face-cohort';
import { FaceModel, type RgbImage, faceDistance } from '../src/engine/faces/face-model';
import { evaluationFaces } from './evaluation-faces';

/**
 * How the face cohort's cells were chosen (face-cohort.ts), run again: every cell of rows 3-6 of
 * human's face-match screenshot against the faces the evaluation set is made of (face-api's sample
 * photos, and the man of row 1). A cell within 0.3 of one of them shows that person and is left
 * out; the test fails if COHORT_ROWS no longer says so. `npm run eval:verification -- choose-cohort`.
 */
it('chooses the face cohort: no face of the evaluation set among the strangers', async () => {
  const model = new FaceModel();
  const describe = async (image: RgbImage) => (await model.describe(image))[0]?.embedding;
  const evaluated: number[][] = [];
  for (const { image } of await evaluationFaces()) {
    const descriptor = await describe(image);
    if (descriptor) evaluated.push(descriptor);
  }
  const leftOut: Record<number, number[]> = {};
  const lines: string[] = [];
  for (const cell of gridCells(Object.keys(COHORT_ROWS).map(Number))) {
    const descriptor = await describe(await cellImage(cell));
    const nearest = descriptor ? Math.min(...evaluated.map((e) => faceDistance(e, descriptor))) : undefined;
    lines.push(`row ${cell.row} column ${cell.column}: ${nearest === undefined ? 'no face' : `nearest evaluated face ${nearest.toFixed(3)}`}`);
    if (nearest !== undefined && nearest < 0.3) (leftOut[cell.row] ??= []).push(cell.column);
  }
  console.log(`${evaluated.length} evaluated faces\n${lines.join('\n')}`);
  expect(leftOut).toEqual(COHORT_ROWS);
}, 600_000);
