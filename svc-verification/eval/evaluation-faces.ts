import sharp, { type Sharp } from 'sharp';
import { PACKAGE_PHOTOS, packagePhotoFaces, packagePhotoPath } from '@idv/id-fixtures';
import { cellImage, gridCells } from '../src/engine/faces/face-cohort';
import type { RgbImage } from '../src/engine/faces/face-model';

/** A face the evaluation set is made of, and whose it is (one label for one person's faces). */
export interface EvaluationFace {
  person: string;
  image: RgbImage;
}

/**
 * A face cut out of a photo with half its size around it on every side (less at the photo's
 * edges), as every evaluation takes a face from a photo: the surroundings a camera would show.
 */
export async function faceWithMargin(photo: string | Buffer, box: readonly [number, number, number, number]): Promise<Sharp> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const [x, y, w, h] = box.map(Math.round);
  const margin = Math.round(Math.max(w, h) * 0.5);
  const [left, top] = [Math.max(0, x - margin), Math.max(0, y - margin)];
  return sharp(photo).extract({ left, top, width: Math.min(width - left, w + 2 * margin), height: Math.min(height - top, h + 2 * margin) });
}

/**
 * The faces the evaluation set is made of: the man of row 1 of human's face-match screenshot (each
 * cell one photo of him) and every face of face-api's sample photos, cut out as faceWithMargin
 * does, as the face model reads them.
 */
export async function evaluationFaces(): Promise<EvaluationFace[]> {
  const faces: EvaluationFace[] = [];
  for (const cell of gridCells([0])) faces.push({ person: 'screenshot-row-1', image: await cellImage(cell) });
  for (const photo of PACKAGE_PHOTOS) {
    for (const { box, person } of packagePhotoFaces(photo)) {
      const { data, info } = await (await faceWithMargin(packagePhotoPath(photo), box)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      faces.push({ person, image: { data, width: info.width, height: info.height } });
    }
  }
  return faces;
}
