import path from 'node:path';

/** x, y, width, height in pixels. */
export type Box = [number, number, number, number];

/** A face in one of the package photos: where it is, in the order the detector gives them (most confident first). */
export interface PackagePhotoFace {
  /** 1 to 6: `demo/sample<photo>.jpg` of @vladmandic/face-api. */
  photo: number;
  box: Box;
  /** Who this is: one label for one person's faces in different photos. */
  person: string;
}

/** The package photos: group photos of people who agreed to their publication, shipped in @vladmandic/face-api (MIT). */
export function packagePhotoPath(photo: number): string {
  return path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), `demo/sample${photo}.jpg`);
}

export const PACKAGE_PHOTOS = [1, 2, 3, 4, 5, 6] as const;

/**
 * The faces @vladmandic/human's detector finds in each package photo (at most three per photo),
 * written down once so that making a fixture needs no face model and does not change when the
 * service's detector does. The photos are files of a pinned package version.
 */
const FACES: Record<(typeof PACKAGE_PHOTOS)[number], Box[]> = {
  1: [
    [333, 316, 352, 352],
    [1433, 188, 279, 279],
    [775, 383, 327, 326],
  ],
  2: [
    [1379, 105, 347, 348],
    [802, 191, 353, 354],
    [272, 124, 328, 328],
  ],
  3: [
    [515, 295, 361, 361],
    [997, 189, 367, 367],
    [1359, 251, 409, 409],
  ],
  4: [
    [613, 55, 278, 278],
    [1216, 134, 305, 305],
    [916, 155, 330, 331],
  ],
  5: [
    [724, 92, 272, 273],
    [516, 410, 308, 309],
    [1048, 171, 319, 319],
  ],
  6: [
    [177, 456, 360, 361],
    [1081, 280, 368, 369],
    [1402, 236, 377, 377],
  ],
};

/**
 * One man is in two of the photos (checked by eye): his face in photo 3 (the second the detector
 * lists) carries the label of his face in photo 1 (also the second). Every other face is its own person.
 */
const SAME_PERSON: Record<string, string> = { 'sample3-1': 'sample1-1' };

export function packagePhotoFaces(photo: (typeof PACKAGE_PHOTOS)[number]): PackagePhotoFace[] {
  return FACES[photo].map((box, index) => {
    const label = `sample${photo}-${index}`;
    return { photo, box, person: SAME_PERSON[label] ?? label };
  });
}
