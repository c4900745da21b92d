import {
  type LivenessCaptureStep,
  type LivenessMove,
  MOVE_AXIS,
  MOVE_MIN_TURN,
  facesTheCamera as facesTheCameraWithin,
  noseOffset,
  turnToward,
} from '@idv/contracts';
import { squeezeOf } from './foreshortening';
import type { Mesh } from './head-pose';

/**
 * One frame of a capture: the step it was taken in, whether it is for the flow alone (never
 * judged), and the face mesh found in it (none: no face).
 */
export interface PoseFrame {
  step: LivenessCaptureStep;
  flow?: true;
  mesh?: Mesh;
}

/** Thresholds of the decision (head-turn-thresholds.ts holds the ones in use and where they come from). */
export interface HeadTurnThresholds {
  /** How far the nose must move toward the asked side against the face's outline (noseOffset units), per axis. */
  minTurnAcross: number;
  minTurnDown: number;
  /** How far the nose's own points must leave the plane of the face's other points during the move (surface-motion.ts, face widths). */
  minNoseShift: number;
  /** The start frame faces the camera: its nose at most this far from the middle of the face, either way (noseOffset units). */
  maxStartOffset: number;
  /** The least a move may squeeze the face along its axis (foreshortening.ts: 1 is no squeeze); below it, a picture turned. */
  minSqueeze: number;
  /** The same, read from the face's points followed through the move (foreshortening.ts' textureSqueezeOf) rather than from its mesh. */
  minTextureSqueeze: number;
  /**
   * A move whose followed points kept the face's shape this well (texture squeeze at least this)
   * shows a head's depth even where the nose shift is below `minNoseShift`: a picture makes a move
   * only by being tilted, which squeezes its texture.
   */
  minHeadTextureSqueeze: number;
  /**
   * A move taken as a head's by its texture's shape must still show at least this nose shift where
   * the nose shift was read: a picture turned only a little keeps its texture's shape as a head
   * does, but its nose stays in its plane.
   */
  minWaivedNoseShift: number;
  /**
   * The most a move may go along the other axis against the asked one (`MoveSeen.offAxis`, each in
   * its axis' minimum turn) and still count as made: a move of another kind, drifting the asked way,
   * is not the asked move.
   */
  maxOffAxis: number;
}

/** What one move of the challenge showed. */
export interface MoveSeen {
  move: LivenessMove;
  /** The nose's move toward the asked side in the judged frame that went furthest (negative: the other way; -Infinity: no face). */
  turn: number;
  /**
   * How far the nose went along the other axis, against how far it went toward the asked side,
   * each in its axis' minimum turn (MOVE_MIN_TURN): 0 for a move straight toward the asked side, 1
   * for one as far the other way as toward it. The least of the judged frames that went at least
   * the minimum toward the asked side; absent where none did. A move of another kind (a turn
   * replayed for a look down) reads high.
   */
  offAxis?: number;
  /** The capture's frames taken during this move, in order (indices into the frames given): the flow follows the face's points through them all. */
  frames: number[];
  /** Of those, the frames the move is judged on: those not for the flow alone. */
  judged: number[];
  /** The most the face was squeezed along the move's axis in those of its judged frames that have a face (foreshortening.ts); absent: none has. */
  squeeze?: number;
  /** Nose shift off the face's plane over the move's frames (surface-motion.ts); absent when it could not be measured. */
  noseShift?: number;
  /**
   * The squeeze read from the face's points followed through the move rather than from its mesh
   * (foreshortening.ts' textureSqueezeOf); absent where the flow did not measure the move (it is
   * measured wherever the nose shift is).
   */
  textureSqueeze?: number;
  /**
   * The flow followed enough of the face's points to the move's last frame, so `textureSqueeze`
   * was read at every frame of the move, its most turned ones too (absent: the flow did not
   * measure the move). The nose shift is read only then, and then only where the nose and its
   * neighbours kept points of their own.
   */
  followedThrough?: boolean;
}

/**
 * Why a capture does not show a live head: frames of different sizes (not one camera's), no face to
 * start from, a start not facing the camera, a move not made, made by something flat, made with
 * too few of the face's points followed to tell (`points_lost`: a move too large or quick for the
 * points, a hand over the face, too dark), or made with the face squeezed along the move's axis
 * further than a head's turn squeezes it (`squeezed`: a picture turned far). Refused either way;
 * the reasons are told apart in the record an operator reads, since they call for different remedies.
 */
export type HeadTurnRefusal = 'not_one_camera' | 'no_face' | 'not_facing_camera' | 'move_not_made' | 'flat' | 'points_lost' | 'squeezed';

export interface HeadTurnDecision {
  live: boolean;
  refusal?: HeadTurnRefusal;
  moves: MoveSeen[];
}

/** The first frame that looks at the camera with a face: where every move is measured from. */
export function startFrame(frames: readonly PoseFrame[]): number {
  return frames.findIndex((frame) => frame.step === 'face_camera' && frame.mesh !== undefined);
}

/**
 * How far each move of the challenge went, in its order: among the frames it is judged on, the
 * one in which the nose went furthest toward the asked side, against the start frame; the least
 * any that went the minimum that way went along the other axis (`offAxis`); and the most any of
 * them squeezed the face along the move's axis. Frames without a mesh count as frames without a
 * face.
 */
export function movesSeen(moves: readonly LivenessMove[], frames: readonly PoseFrame[]): MoveSeen[] {
  const start = frames[startFrame(frames)]?.mesh;
  return moves.map((move) => {
    const taken = frames.flatMap((frame, index) => (frame.step === move ? [index] : []));
    // the frames for the flow alone (CAPTURE_TIMING.moveFrames) show where the head passed, not where it went
    const judged = taken.filter((index) => !frames[index].flow);
    let turn = Number.NEGATIVE_INFINITY;
    let offAxis: number | undefined;
    for (const index of judged) {
      const mesh = frames[index].mesh;
      if (!start || !mesh) continue;
      const frameTurn = turnToward(move, start, mesh);
      turn = Math.max(turn, frameTurn);
      if (frameTurn >= MOVE_MIN_TURN[MOVE_AXIS[move].axis]) offAxis = Math.min(offAxis ?? Number.POSITIVE_INFINITY, offAxisShare(move, start, mesh, frameTurn));
    }
    const meshes = judged.map((index) => frames[index].mesh);
    const squeeze = start ? squeezeOf(move, start, meshes) : undefined;
    return { move, turn, ...(offAxis === undefined ? {} : { offAxis }), frames: taken, judged, ...(squeeze === undefined ? {} : { squeeze }) };
  });
}

/**
 * How far the nose went from `start` to `now` along the other axis than `move`'s, either way,
 * against `turn`, how far it went toward the asked side, each in its axis' minimum turn
 * (`MoveSeen.offAxis`).
 */
function offAxisShare(move: LivenessMove, start: Mesh, now: Mesh, turn: number): number {
  const { axis } = MOVE_AXIS[move];
  const other = axis === 'across' ? 'down' : 'across';
  const off = Math.abs(noseOffset(now)[other] - noseOffset(start)[other]) / MOVE_MIN_TURN[other];
  return off / (turn / MOVE_MIN_TURN[axis]);
}

/** The nose went at least the axis' minimum toward the asked side, whichever way else it went. */
export function turnedTheMinimum(move: Pick<MoveSeen, 'move' | 'turn'>, thresholds: Pick<HeadTurnThresholds, 'minTurnAcross' | 'minTurnDown'>): boolean {
  return move.turn >= (MOVE_AXIS[move.move].axis === 'across' ? thresholds.minTurnAcross : thresholds.minTurnDown);
}

/**
 * The move was made: in one of its judged frames the nose went at least the axis' minimum toward
 * the asked side, and no further along the other axis than `maxOffAxis` of that (since 2026-12-07,
 * fourth session; docs/liveness.md "A move toward the asked side, not another").
 */
export function moveMade(
  move: Pick<MoveSeen, 'move' | 'turn' | 'offAxis'>,
  thresholds: Pick<HeadTurnThresholds, 'minTurnAcross' | 'minTurnDown' | 'maxOffAxis'>,
): boolean {
  return turnedTheMinimum(move, thresholds) && move.offAxis !== undefined && move.offAxis <= thresholds.maxOffAxis;
}

/**
 * A face looking at the camera (the rule the page's guidance shares, @idv/contracts): every move is
 * measured from it, and a face already turned has less left to turn.
 */
export function facesTheCamera(mesh: Mesh, thresholds: Pick<HeadTurnThresholds, 'maxStartOffset'>): boolean {
  return facesTheCameraWithin(mesh, thresholds.maxStartOffset);
}

/**
 * Did a live head follow the challenge? Each move must have been made (the nose went at least the
 * axis' minimum toward the asked side, and not further the other way, in the frames it is judged on:
 * the challenge's moves in its order), made by something that is not flat (`showsDepth`), and without
 * the face squeezed along the move's axis in any of its frames, below `minSqueeze` as its mesh
 * reads it or below `minTextureSqueeze` as its followed points read it (a picture turned far enough
 * to move its landmarks is foreshortened further than a head turned as far, and the face model's
 * mesh shows less of that than the picture's own texture does), from a start frame that faces the
 * camera. Every move is judged, so that the evaluation sees what each showed; the refusal named is
 * the first rule, in that order, that a move breaks.
 */
export function decideHeadTurns(frames: readonly PoseFrame[], seen: readonly MoveSeen[], thresholds: HeadTurnThresholds): HeadTurnDecision {
  const start = frames[startFrame(frames)]?.mesh;
  if (!start) return { live: false, refusal: 'no_face', moves: [...seen] };
  if (!facesTheCamera(start, thresholds)) return { live: false, refusal: 'not_facing_camera', moves: [...seen] };
  if (!seen.every((move) => moveMade(move, thresholds))) return { live: false, refusal: 'move_not_made', moves: [...seen] };
  // The first move, in the challenge's order, that shows no head's depth says why: where the check
  // stops measuring at it (head-turn-liveness.ts), the moves after it are not measured.
  const shallow = seen.find((move) => !showsDepth(move, thresholds));
  if (shallow) return { live: false, refusal: shallow.noseShift === undefined ? 'points_lost' : 'flat', moves: [...seen] };
  if (seen.some((move) => squeezedMove(move, thresholds))) return { live: false, refusal: 'squeezed', moves: [...seen] };
  return { live: true, moves: [...seen] };
}

/**
 * A move made by something with a head's depth: the nose's own points left the plane of the face's
 * other points by at least `minNoseShift` (a picture turned, tilted or bent cannot), or the face's
 * points, followed to the move's last frame, kept the face's shape along the move's axis at least
 * as well as `minHeadTextureSqueeze` (a picture turned far enough to make the move squeezes its
 * texture; since 2026-12-06, docs/liveness.md "A move whose texture keeps its shape"), whether or
 * not the nose and its neighbours kept enough points of their own to read the nose shift (since
 * 2026-12-06, fifth session: "The texture's reading where the nose's points are lost"). A move
 * whose points the flow lost before its last frame shows nothing: its most turned frames, where a
 * tilted picture squeezes most, were not read. The texture's premise fails for a picture turned
 * only a little, which barely squeezes ("What the fresh draws showed of the waiver itself"), so a
 * move taken by its texture's shape must show some nose shift too, `minWaivedNoseShift`, where the
 * nose shift was read (since 2026-12-06, sixth session: "A move taken by its texture's shape needs
 * some nose shift too"): such a picture's nose stays in its plane, a head's does not quite.
 */
export function showsDepth(
  move: Pick<MoveSeen, 'noseShift' | 'textureSqueeze' | 'followedThrough'>,
  thresholds: Pick<HeadTurnThresholds, 'minNoseShift' | 'minHeadTextureSqueeze' | 'minWaivedNoseShift'>,
): boolean {
  if (move.noseShift !== undefined && move.noseShift >= thresholds.minNoseShift) return true;
  const keptItsShape = move.followedThrough === true && (move.textureSqueeze ?? 0) >= thresholds.minHeadTextureSqueeze;
  return keptItsShape && (move.noseShift === undefined || move.noseShift >= thresholds.minWaivedNoseShift);
}

/**
 * A move that squeezed the face along its axis beyond a head's turn, as its mesh or its followed
 * points read it (a reading absent shows nothing, so it counts as squeezed).
 */
export function squeezedMove(
  move: Pick<MoveSeen, 'squeeze' | 'textureSqueeze'>,
  thresholds: Pick<HeadTurnThresholds, 'minSqueeze' | 'minTextureSqueeze'>,
): boolean {
  return (move.squeeze ?? 0) < thresholds.minSqueeze || (move.textureSqueeze ?? 0) < thresholds.minTextureSqueeze;
}
