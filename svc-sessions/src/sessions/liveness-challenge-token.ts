import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS, LIVENESS_MOVES, type LivenessMove } from '@idv/contracts';

const VERSION = 'lc1';

/** What a challenge binds: the place, the attempt, the moves and when it stops counting. */
export interface ChallengeTerms {
  sessionId: string;
  participantId: string;
  attempt: number;
  moves: LivenessMove[];
  expiresAt: Date;
}

/** Why a presented challenge does not count for a submission. */
export type ChallengeRefusal = 'malformed' | 'forged' | 'another_place' | 'another_attempt' | 'expired';

/**
 * Liveness challenges as signed tokens, `lc1.<terms>.<signature>`: svc-sessions keeps nothing per
 * challenge (no write when one is issued), and only it can make one, with a key derived from
 * SESSIONS_SECRET for this use alone. A challenge is spent by the attempt it names: once that attempt
 * is made, the participant's next attempt has another number and the challenge no longer counts, so
 * each is used at most once. A nonce keeps two challenges with the same moves apart.
 */
export class LivenessChallengeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('liveness-challenge').digest();
  }

  /** A challenge of LIMITS.livenessChallengeMoves different moves in a random order. */
  issue(place: { sessionId: string; participantId: string; attempt: number }, now: Date): { token: string; terms: ChallengeTerms } {
    const terms: ChallengeTerms = {
      ...place,
      moves: randomMoves(LIMITS.livenessChallengeMoves),
      expiresAt: new Date(now.getTime() + LIMITS.livenessChallengeValidMinutes * 60_000),
    };
    const body = Buffer.from(
      JSON.stringify({
        s: terms.sessionId,
        p: terms.participantId,
        a: terms.attempt,
        m: terms.moves,
        e: terms.expiresAt.getTime(),
        n: randomBytes(12).toString('base64url'),
      }),
    ).toString('base64url');
    return { token: `${VERSION}.${body}.${this.sign(body)}`, terms };
  }

  /** The terms of `token` when it counts for this place's attempt `attempt` at `now`; else why not. */
  verify(
    token: string,
    expected: { sessionId: string; participantId: string; attempt: number },
    now: Date,
  ): { terms: ChallengeTerms } | { refusal: ChallengeRefusal } {
    const [version, body, signature, ...rest] = token.split('.');
    if (version !== VERSION || !body || !signature || rest.length > 0) return { refusal: 'malformed' };
    const given = Buffer.from(signature, 'base64url');
    const wanted = Buffer.from(this.sign(body), 'base64url');
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { refusal: 'forged' };
    const fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { s: string; p: string; a: number; m: LivenessMove[]; e: number };
    const terms: ChallengeTerms = { sessionId: fields.s, participantId: fields.p, attempt: fields.a, moves: fields.m, expiresAt: new Date(fields.e) };
    if (terms.sessionId !== expected.sessionId || terms.participantId !== expected.participantId) return { refusal: 'another_place' };
    if (terms.attempt !== expected.attempt) return { refusal: 'another_attempt' };
    if (now.getTime() >= terms.expiresAt.getTime()) return { refusal: 'expired' };
    return { terms };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(`${VERSION}.${body}`).digest('base64url');
  }
}

/** `count` different moves in a random order (a Fisher-Yates shuffle drawn from the CSPRNG). */
function randomMoves(count: number): LivenessMove[] {
  const moves = [...LIVENESS_MOVES];
  for (let index = moves.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [moves[index], moves[other]] = [moves[other], moves[index]];
  }
  return moves.slice(0, count);
}
