/**
 * Where a head points, from face meshes (@vladmandic/human's 468-point mesh, x and y in pixels).
 * Liveness (docs/liveness.md) asks a person to turn their head; these say which way it went. (Not
 * whether it is a head: the model places its points where a face of its training would have them,
 * so a picture turned far enough "turns" too. surface-motion.ts answers that from the image.)
 */
import { MESH_POINTS, type Mesh } from '@idv/contracts';

export { type Mesh, type MeshPoint, noseOffset } from '@idv/contracts';

/** Mesh indices: the face's outline (forehead, cheeks, jaw, chin), clockwise from the forehead. */
export const FACE_OUTLINE = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21,
  54, 103, 67, 109,
] as const;
export const NOSE_TIP = MESH_POINTS.noseTip;
/** Mesh points at the middle of the nose and of its neighbours: mid-forehead, chin, and each cheek. */
export const FACE_REGIONS = { nose: NOSE_TIP, forehead: 151, chin: 175, cheekLeft: 205, cheekRight: 425 } as const;
const CHEEK_IMAGE_LEFT = MESH_POINTS.cheekImageLeft;
const CHEEK_IMAGE_RIGHT = MESH_POINTS.cheekImageRight;

/** The face's width, cheek to cheek, in pixels. */
export function faceWidth(mesh: Mesh): number {
  return Math.hypot(mesh[CHEEK_IMAGE_RIGHT][0] - mesh[CHEEK_IMAGE_LEFT][0], mesh[CHEEK_IMAGE_RIGHT][1] - mesh[CHEEK_IMAGE_LEFT][1]);
}
