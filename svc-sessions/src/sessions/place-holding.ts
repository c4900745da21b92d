import { serviceError } from '../errors/service-error';
import { tokenMatches } from './ids';
import type { Transition } from './schemas/transition.schema';

/**
 * Which browser holds a place: the one that claimed it (the initiator's, for the initiator's
 * place), or the last one a handoff moved it to. A place moves by `move` records,
 * one per move, each inserted once: of two devices redeeming codes for the same move, one wins.
 */
export interface PlaceHolding {
  /** SHA-256 of the token that holds the place now; null while unclaimed. */
  tokenHash: string | null;
  /** Tokens that held it before it moved: they are told so (`place_moved`), not just refused. */
  earlier: string[];
  /** Moves so far (LIMITS.handoffMaxMoves at most). */
  moves: number;
  /** Tokens that held it in a claim round the initiator ended by releasing the place: told so (`place_released`). */
  released: string[];
}

/** The holding from the first holder's token and the move records in order. */
export function placeHolding(firstTokenHash: string | null, moves: Transition[], released: string[] = []): PlaceHolding {
  const hashes = [firstTokenHash, ...moves.map((move) => move.tokenHash ?? null)].filter((hash): hash is string => hash !== null);
  return { tokenHash: hashes.at(-1) ?? null, earlier: hashes.slice(0, -1), moves: moves.length, released };
}

/** Whether the token holds the place now, held it before it moved, held it until a release, or never did. */
export function heldBy(token: string | undefined, holding: PlaceHolding): 'now' | 'before' | 'released' | 'never' {
  if (tokenMatches(token, holding.tokenHash)) return 'now';
  if (holding.earlier.some((hash) => tokenMatches(token, hash))) return 'before';
  return holding.released.some((hash) => tokenMatches(token, hash)) ? 'released' : 'never';
}

export const PLACE_MOVED_MESSAGE = 'This place has moved to another device';
export const PLACE_RELEASED_MESSAGE = 'The initiator released this place: it is no longer yours';

/** The token must hold the place now; one that held it before it moved is told so. */
export function assertHolds(token: string | undefined, holding: PlaceHolding, refusal = 'This token does not belong to that participant'): void {
  const held = heldBy(token, holding);
  if (held === 'before') throw serviceError('place_moved', PLACE_MOVED_MESSAGE);
  if (held === 'released') throw serviceError('place_released', PLACE_RELEASED_MESSAGE);
  if (held === 'never') throw serviceError('invalid_token', refusal);
}
