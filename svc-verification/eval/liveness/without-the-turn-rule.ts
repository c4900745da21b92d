import { type HeadTurnDecision, moveMade } from '../../src/engine/liveness/head-turns';
import { HEAD_TURN_THRESHOLDS } from '../../src/engine/liveness/head-turn-thresholds';
import { showsAHead } from './moves-together';

/**
 * The decision as it was before "a turn the furthest its way" (head-turns.ts' `turnOfOthers`;
 * docs/liveness.md, "A turn the furthest its way: a rule written before its run", 2026-12-08): the
 * evaluations report both, so that each capture the rule refuses is named. The rule refuses as
 * `move_not_made`, before the rules of depth and squeeze; the evaluations measure every move, so a
 * capture it refused is taken without it when every move is made without it and shows a head.
 */
export function liveWithoutTheTurnRule(decision: HeadTurnDecision): boolean {
  if (decision.live) return true;
  if (decision.refusal !== 'move_not_made') return false;
  return decision.moves.every((move) => moveMade({ ...move, turnOfOthers: undefined }, HEAD_TURN_THRESHOLDS) && showsAHead(move));
}
