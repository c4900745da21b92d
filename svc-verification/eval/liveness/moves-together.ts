import { type HeadTurnDecision, type MoveSeen, showsDepth, squeezedMove } from '../../src/engine/liveness/head-turns';
import { HEAD_TURN_THRESHOLDS } from '../../src/engine/liveness/head-turn-thresholds';

/**
 * Ways of reading a capture's three moves together, measured beside the decision's own (every
 * move must show a head's depth: the weakest counts) and not used by it (docs/liveness.md,
 * "Reading the three moves together", 2026-12-03). Written before the run that measured them: a
 * live head whose one move came out flat might still be told from a picture by its other two.
 * - `weakest`: the decision's own, at its threshold;
 * - `middle`: the second weakest of the three (one move may be flat);
 * - `mean`: the three moves' mean.
 * A move whose points were lost counts 0, as the decision counts it. The thresholds of `middle`
 * and `mean` were chosen as the decision's was: on the tuning split alone, the least multiple of
 * 0.001 above every attack capture's figure (of those the earlier rules let reach the flatness
 * rule), on the run of 2026-12-03 (its tuning attacks' maxima: 0.0151 and 0.0151).
 */
export const MOVE_READINGS = {
  weakest: { of: (shifts: number[]) => shifts[0], threshold: HEAD_TURN_THRESHOLDS.minNoseShift },
  middle: { of: (shifts: number[]) => shifts[1], threshold: 0.016 },
  mean: { of: (shifts: number[]) => (shifts[0] + shifts[1] + shifts[2]) / 3, threshold: 0.016 },
} as const;
export type MoveReading = keyof typeof MOVE_READINGS;
export const READINGS = Object.keys(MOVE_READINGS) as MoveReading[];

/** The refusals that come before the flatness rule: every reading refuses them alike. */
const BEFORE_FLATNESS = new Set(['not_one_camera', 'no_face', 'not_facing_camera', 'move_not_made']);

/** The three moves' nose shifts, least first (points lost: 0). */
export const sortedShifts = (shifts: (number | undefined)[]) => shifts.map((shift) => shift ?? 0).sort((a, b) => a - b);

/** A reading's figure for a decision the flatness rule decides; undefined when an earlier rule refused it. */
export function readingOf(decision: HeadTurnDecision, reading: MoveReading): number | undefined {
  if (BEFORE_FLATNESS.has(decision.refusal ?? '') || decision.moves.length !== 3) return undefined;
  return MOVE_READINGS[reading].of(sortedShifts(decision.moves.map((move) => move.noseShift)));
}

/** Would the reading take the capture for a live head? */
export function liveBy(decision: HeadTurnDecision, reading: MoveReading): boolean {
  const figure = readingOf(decision, reading);
  return figure !== undefined && figure >= MOVE_READINGS[reading].threshold;
}

/**
 * How many of a capture's three moves show a head by the decision's own per-move rules: a head's
 * depth (`showsDepth`) and the face not squeezed along the move's axis (`squeezedMove`). Undefined
 * where a rule before those refused the capture (no face, a start not facing the camera, a move
 * not made or made toward another side): no reading of the moves together waives those. The
 * decision takes a capture only at 3.
 */
export function movesShowingAHead(decision: HeadTurnDecision): number | undefined {
  if (BEFORE_FLATNESS.has(decision.refusal ?? '') || decision.moves.length !== 3) return undefined;
  return decision.moves.filter(showsAHead).length;
}

/** A move that shows a head by the decision's per-move rules: a head's depth, and the face not squeezed along its axis. */
export const showsAHead = (move: Pick<MoveSeen, 'noseShift' | 'textureSqueeze' | 'followedThrough' | 'squeeze'>): boolean =>
  showsDepth(move, HEAD_TURN_THRESHOLDS) && !squeezedMove(move, HEAD_TURN_THRESHOLDS);

/** How many of the three moves "two moves of three" asks to show a head. */
export const LEAST_MOVES_SHOWING_A_HEAD = 2;

/**
 * "Two moves of three" (docs/liveness.md, "Two moves of three: a reading written before its run",
 * 2026-12-07, sixth session), measured beside the decision and not used by it: every move made as
 * asked from a start facing the camera, as the decision asks, and at least two of the three showing
 * a head. Rendered live heads refused break one rule in one move, pictures break one in every move
 * (the runs until fresh-9): this reads whether that holds on captures nobody has seen.
 */
export const liveByTwoMoves = (decision: HeadTurnDecision): boolean => (movesShowingAHead(decision) ?? 0) >= LEAST_MOVES_SHOWING_A_HEAD;
