import { MESH_POINTS, MOVE_AXIS } from '@idv/contracts';
import type { Mesh } from '../../src/engine/liveness/head-pose';
import type { MoveSeen, PoseFrame } from '../../src/engine/liveness/head-turns';

/**
 * How much a move squeezed the face along its axis (measured in the evaluation, decided on by
 * nothing: docs/liveness.md, "A face squeezed beyond a head's turn", 2026-12-03). A picture turned
 * or tilted to make the face model's landmarks "turn" is foreshortened: its face narrows along the
 * move's axis by the cosine of the picture's angle, and the pictures that made their moves were
 * turned far. A head turned as far narrows too, by the cosine of its own, smaller, angle. The
 * figure: the face's extent along the move's axis (cheek to cheek for a turn, forehead to chin for
 * a look up or down) over its extent across it, in the move's frame that squeezed it most, against
 * the same in the start frame: 1 is no squeeze; undefined when no frame of the move has a face.
 *
 * Written, with how a rule on it would be chosen, before its first run: a move made squeezed below
 * a bound is a picture's; the bound is chosen on the genuine side alone (as the enlarged selfie's
 * threshold was), 0.05 below the least squeeze of a move made by a live head of the tuning split
 * (the rendered heads as the page guides them, and the tuning recordings), rounded down to 0.05;
 * then counted: the pictures it refuses, and the heads, on the splits nothing was chosen on.
 */
export function squeezeOf(move: MoveSeen, start: Mesh, frames: readonly PoseFrame[]): number | undefined {
  const along = MOVE_AXIS[move.move].axis;
  const aspect = (mesh: Mesh) => (along === 'across' ? widthOf(mesh) / heightOf(mesh) : heightOf(mesh) / widthOf(mesh));
  const ratios = move.frames.flatMap((index) => {
    const mesh = frames[index].mesh;
    return mesh ? [aspect(mesh) / aspect(start)] : [];
  });
  return ratios.length ? Math.min(...ratios) : undefined;
}

const distance = (mesh: Mesh, a: number, b: number) => Math.hypot(mesh[a][0] - mesh[b][0], mesh[a][1] - mesh[b][1]);
const widthOf = (mesh: Mesh) => distance(mesh, MESH_POINTS.cheekImageLeft, MESH_POINTS.cheekImageRight);
const heightOf = (mesh: Mesh) => distance(mesh, MESH_POINTS.forehead, MESH_POINTS.chin);
