/**
 * Where a head points, from face meshes (@vladmandic/human's 468-point mesh, x and y in pixels).
 * Liveness (docs/liveness.md) asks a person to turn their head; these say which way it went. (Not
 * whether it is a head: the model places its points where a face of its training would have them,
 * so a picture turned far enough "turns" too. surface-motion.ts answers that from the image.)
 */
export type MeshPoint = readonly [number, number, number?];
export type Mesh = readonly MeshPoint[];

/** Mesh indices: the face's outline (forehead, cheeks, jaw, chin), clockwise from the forehead. */
export const FACE_OUTLINE = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21,
  54, 103, 67, 109,
] as const;
export const NOSE_TIP = 1;
/** Mesh points at the middle of the nose and of its neighbours: mid-forehead, chin, and each cheek. */
export const FACE_REGIONS = { nose: NOSE_TIP, forehead: 151, chin: 175, cheekLeft: 205, cheekRight: 425 } as const;
/** Outline points at the cheeks (on the image's left and right of a face that looks at the camera) and at the forehead and chin. */
const CHEEK_IMAGE_LEFT = 234;
const CHEEK_IMAGE_RIGHT = 454;
const FOREHEAD = 10;
const CHIN = 152;

/**
 * Where the nose tip lies between the cheeks (`across`) and between forehead and chin (`down`),
 * each from -1 to 1, 0 in the middle. A head that turns to the person's left (toward the image's
 * right, in a camera image that is not mirrored) raises `across`; a head that looks up lowers
 * `down`.
 */
export function noseOffset(mesh: Mesh): { across: number; down: number } {
  const [noseX, noseY] = mesh[NOSE_TIP];
  const left = mesh[CHEEK_IMAGE_LEFT][0];
  const right = mesh[CHEEK_IMAGE_RIGHT][0];
  const top = mesh[FOREHEAD][1];
  const bottom = mesh[CHIN][1];
  return { across: ((noseX - left) / (right - left)) * 2 - 1, down: ((noseY - top) / (bottom - top)) * 2 - 1 };
}

/** The face's width, cheek to cheek, in pixels. */
export function faceWidth(mesh: Mesh): number {
  return Math.hypot(mesh[CHEEK_IMAGE_RIGHT][0] - mesh[CHEEK_IMAGE_LEFT][0], mesh[CHEEK_IMAGE_RIGHT][1] - mesh[CHEEK_IMAGE_LEFT][1]);
}
