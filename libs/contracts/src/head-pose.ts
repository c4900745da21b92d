/**
 * Where a head points, from a face mesh (@vladmandic/human's 468 points, x and y in pixels): the
 * server's head-turn decision (svc-verification, docs/liveness.md) and the page's guidance (mf-verify)
 * read it alike, so that the page asks for the start, and the moves, the server will accept.
 */
import type { LivenessMove } from './liveness';

export type MeshPoint = readonly [number, number, number?];
export type Mesh = readonly MeshPoint[];

/** Mesh indices: the nose tip, and the outline's points at the cheeks (the image's left and right of a face that looks at the camera), forehead and chin. */
export const MESH_POINTS = { noseTip: 1, cheekImageLeft: 234, cheekImageRight: 454, forehead: 10, chin: 152 } as const;

/**
 * A face looks at the camera when its nose tip lies at most this far from the middle of the face,
 * either way, on both axes (`noseOffset` units): where every move of a capture starts from.
 */
export const FACING_CAMERA_MAX_NOSE_OFFSET = 0.4;

/**
 * Where the nose tip lies between the cheeks (`across`) and between forehead and chin (`down`),
 * each from -1 to 1, 0 in the middle. A head that turns to the person's left (toward the image's
 * right, in a camera image that is not mirrored) raises `across`; a head that looks up lowers
 * `down`.
 */
export function noseOffset(mesh: Mesh): { across: number; down: number } {
  const [noseX, noseY] = mesh[MESH_POINTS.noseTip];
  const left = mesh[MESH_POINTS.cheekImageLeft][0];
  const right = mesh[MESH_POINTS.cheekImageRight][0];
  const top = mesh[MESH_POINTS.forehead][1];
  const bottom = mesh[MESH_POINTS.chin][1];
  return { across: ((noseX - left) / (right - left)) * 2 - 1, down: ((noseY - top) / (bottom - top)) * 2 - 1 };
}

/** The face looks at the camera: its nose within `maxOffset` of the middle on both axes. */
export function facesTheCamera(mesh: Mesh, maxOffset = FACING_CAMERA_MAX_NOSE_OFFSET): boolean {
  const { across, down } = noseOffset(mesh);
  return Math.abs(across) <= maxOffset && Math.abs(down) <= maxOffset;
}

/**
 * A move is made when the nose went at least this far toward the asked side, from the start
 * (`noseOffset` units, per axis): chosen before the evaluation's first run and kept
 * (svc-verification's head-turn-thresholds.ts).
 */
export const MOVE_MIN_TURN = { across: 0.1, down: 0.03 } as const;

/**
 * How far the page asks a person to turn (mf-verify: "A little further" until the nose went this
 * far): 2.5 times the server's minimum, which it leaves unchanged. A move just made shows too
 * little of a head's depth: on recordings of live people (svc-verification's eval:liveness,
 * docs/liveness.md "Recorded live heads"), of the moves that turned at most 1.5 times the minimum
 * the flatness rule took 43 of 123 for a head, of those that turned 2.5 times or more, 14 of 16.
 * A person held out from that choice does not bear it out (3 of 9 turned that far found a head:
 * a hand at the face, a grimace, points lost in a large quick move); kept until people who follow
 * the arrows are measured.
 */
export const MOVE_GUIDE_TURN = { across: MOVE_MIN_TURN.across * 2.5, down: MOVE_MIN_TURN.down * 2.5 } as const;

/** Which nose offset a move changes, and which way. */
export const MOVE_AXIS: Record<LivenessMove, { axis: 'across' | 'down'; sign: 1 | -1 }> = {
  turn_left: { axis: 'across', sign: 1 },
  turn_right: { axis: 'across', sign: -1 },
  look_up: { axis: 'down', sign: -1 },
  look_down: { axis: 'down', sign: 1 },
};

/** How far the nose went toward the side `move` asks for, from `start` to `now` (negative: the other way). */
export function turnToward(move: LivenessMove, start: Mesh, now: Mesh): number {
  const { axis, sign } = MOVE_AXIS[move];
  return sign * (noseOffset(now)[axis] - noseOffset(start)[axis]);
}

/**
 * Whether the nose went as far toward the side `move` asks for as the page asks (`MOVE_GUIDE_TURN`),
 * from `start` to `now`: the page says "A little further" when not (mf-verify), and the evaluation
 * guides its captures by the same rule (svc-verification eval:liveness).
 */
export function turnedAsFarAsThePageAsks(move: LivenessMove, start: Mesh, now: Mesh): boolean {
  return turnToward(move, start, now) >= MOVE_GUIDE_TURN[MOVE_AXIS[move].axis];
}
