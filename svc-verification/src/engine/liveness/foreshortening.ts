import { type LivenessMove, MESH_POINTS, MOVE_AXIS } from '@idv/contracts';
import type { Mesh } from './head-pose';

/**
 * How much a move squeezed the face along its axis (docs/liveness.md, "A face squeezed beyond a
 * head's turn"). A picture turned or tilted to make the face model's landmarks "turn" is
 * foreshortened: its face narrows along the move's axis by the cosine of the picture's angle, and
 * the pictures that make their moves are turned far. A head turned as far narrows too, by the
 * cosine of its own, smaller, angle. The figure: the face's extent along the move's axis (cheek to
 * cheek for a turn, forehead to chin for a look up or down) over its extent across it, in the move's
 * frame that squeezed it most, against the same in the start frame: 1 is no squeeze; undefined when
 * none of the move's frames has a face.
 *
 * Measured first in the evaluation alone (2026-12-03), its bound chosen on the genuine side of the
 * tuning split before the run was read (head-turn-thresholds.ts); decided on since 2026-12-04.
 */
export function squeezeOf(move: LivenessMove, start: Mesh, meshes: readonly (Mesh | undefined)[]): number | undefined {
  const along = MOVE_AXIS[move].axis;
  const aspect = (mesh: Mesh) => (along === 'across' ? widthOf(mesh) / heightOf(mesh) : heightOf(mesh) / widthOf(mesh));
  const ratios = meshes.flatMap((mesh) => (mesh ? [aspect(mesh) / aspect(start)] : []));
  return ratios.length ? Math.min(...ratios) : undefined;
}

const distance = (mesh: Mesh, a: number, b: number) => Math.hypot(mesh[a][0] - mesh[b][0], mesh[a][1] - mesh[b][1]);
const widthOf = (mesh: Mesh) => distance(mesh, MESH_POINTS.cheekImageLeft, MESH_POINTS.cheekImageRight);
const heightOf = (mesh: Mesh) => distance(mesh, MESH_POINTS.forehead, MESH_POINTS.chin);

/**
 * The same squeeze read from the image's own texture rather than the face model's mesh: the
 * face's points followed through the move (surface-motion.ts' `aspects`: their spread across over
 * their spread down, against the start's), along the move's axis, in the frame that squeezed them
 * most; undefined when no frame of the move kept enough points. A face model puts its landmarks
 * where a face of its training would have them, so on a picture tilted far it reads less squeeze
 * than the picture shows (docs/liveness.md, "The squeeze decided on"); the followed points do not.
 */
export function textureSqueezeOf(move: LivenessMove, aspects: readonly number[]): number | undefined {
  if (aspects.length === 0) return undefined;
  return MOVE_AXIS[move].axis === 'across' ? Math.min(...aspects) : Math.min(...aspects.map((aspect) => 1 / aspect));
}
