import type { HeadTurnDecision, MoveSeen } from '../../src/engine/liveness/head-turns';
import { liveByTwoMoves, movesShowingAHead } from './moves-together';

/** A move made, with a head's depth and its face not squeezed, unless told otherwise. */
const move = (over: Partial<MoveSeen> = {}): MoveSeen => ({
  move: 'turn_left',
  turn: 0.3,
  offAxis: 0.2,
  frames: [1, 2, 3],
  judged: [1, 3],
  squeeze: 0.9,
  noseShift: 0.03,
  textureSqueeze: 0.95,
  followedThrough: true,
  ...over,
});
const flat = move({ noseShift: 0.001, textureSqueeze: 0.8 });
const squeezed = move({ squeeze: 0.6 });

describe('two moves of three (a reading beside the decision)', () => {
  it('takes a capture with one move flat or squeezed, where the decision refuses it', () => {
    for (const weak of [flat, squeezed]) {
      const decision: HeadTurnDecision = { live: false, refusal: weak === flat ? 'flat' : 'squeezed', moves: [move(), weak, move()] };
      expect(movesShowingAHead(decision)).toBe(2);
      expect(liveByTwoMoves(decision)).toBe(true);
    }
  });

  it('refuses a capture with two moves that show no head', () => {
    const decision: HeadTurnDecision = { live: false, refusal: 'flat', moves: [flat, move(), squeezed] };
    expect(movesShowingAHead(decision)).toBe(1);
    expect(liveByTwoMoves(decision)).toBe(false);
  });

  it('waives nothing the decision refuses before a move is judged for a head', () => {
    for (const refusal of ['no_face', 'not_facing_camera', 'move_not_made'] as const) {
      const decision: HeadTurnDecision = { live: false, refusal, moves: [move(), move(), move()] };
      expect(movesShowingAHead(decision)).toBeUndefined();
      expect(liveByTwoMoves(decision)).toBe(false);
    }
  });

  it('counts all three moves of a capture the decision takes', () => {
    expect(movesShowingAHead({ live: true, moves: [move(), move(), move()] })).toBe(3);
  });
});
