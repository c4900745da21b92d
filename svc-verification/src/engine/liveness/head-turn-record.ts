import type { LivenessMove } from '@idv/contracts';
import type { HeadTurnDecision, HeadTurnRefusal } from './head-turns';

/**
 * What the log keeps of one head-turn measure, for an operator weighing whether to enforce it on
 * their own live traffic (`npm run report:liveness`, docs/liveness.md): words and numbers only, no
 * image, name, id or token. `otherChecks` says whether the check's other parts (document, names,
 * face, the selfie not being the document) passed: a capture that came with a person they accepted
 * is most likely a live one, and a refusal of it is what enforcing would cost that person.
 */
export interface HeadTurnRecord {
  mode: 'advisory' | 'enforced';
  otherChecks: 'passed' | 'failed';
  live: boolean;
  refusal?: HeadTurnRefusal | 'another_person';
  /**
   * Each move of the challenge, in its order: how far the nose turned toward the asked side, how
   * far along the other axis against that (`offAxis`, head-turns.ts), its shift off the face's
   * plane, and how much it squeezed the face along its axis, as the face's mesh reads it and as its
   * followed points do, and whether those points were followed to the move's last frame (null: not
   * measured, or no face).
   */
  moves: {
    move: LivenessMove;
    turn: number | null;
    offAxis: number | null;
    noseShift: number | null;
    squeeze: number | null;
    textureSqueeze: number | null;
    followedThrough: boolean | null;
  }[];
  /** How long the measure took (advisory: after the check; enforced: within it, so not given apart). */
  ms?: number;
}

export function headTurnRecord(
  decision: HeadTurnDecision & { samePerson?: boolean },
  mode: HeadTurnRecord['mode'],
  otherChecksPassed: boolean,
  ms?: number,
): HeadTurnRecord {
  const refusal = decision.live ? undefined : (decision.refusal ?? 'another_person');
  return {
    mode,
    otherChecks: otherChecksPassed ? 'passed' : 'failed',
    live: decision.live,
    ...(refusal ? { refusal } : {}),
    moves: decision.moves.map((seen) => ({
      move: seen.move,
      turn: rounded(seen.turn),
      offAxis: rounded(seen.offAxis),
      noseShift: rounded(seen.noseShift),
      squeeze: rounded(seen.squeeze),
      textureSqueeze: rounded(seen.textureSqueeze),
      followedThrough: seen.followedThrough ?? null,
    })),
    ...(ms === undefined ? {} : { ms }),
  };
}

/** Three decimals (face widths and nose offsets are read to that); a move with no face or no measure is null. */
function rounded(value: number | undefined): number | null {
  return value === undefined || !Number.isFinite(value) ? null : Math.round(value * 1000) / 1000;
}
