import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CROCKFORD_ALPHABET, LIMITS } from '@idv/contracts';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';

/**
 * What a call with an `Idempotency-Key` writes is derived from the key, so that the same call again
 * writes the same `_id`s: its insert is refused as a duplicate, and the record already there answers
 * it with the first outcome. Nothing about the key is stored apart from what it derives: a token
 * (stored only as its hash, like every token), a join code, participant ids, or a key digest on a
 * state record.
 *
 * HMAC-SHA256 keyed with the server's own secret (SESSIONS_SECRET), over the key as the gateway
 * scoped it to its caller and route (svc-gateway's idempotency-scope.ts). Keyed with the client's key
 * alone, whoever knew or guessed a key computed the tokens offline, and one caller's key answered
 * another caller's session.
 */
@Injectable()
export class IdempotencyKeys {
  private readonly secret: string;

  constructor(@Inject(SESSIONS_ENV) env: Pick<SessionsEnv, 'SESSIONS_SECRET'>) {
    this.secret = env.SESSIONS_SECRET;
  }

  /** The session a create with this key makes: its join code, its participants' ids, the initiator token. */
  session(key: string, participantCount: number): { sessionId: string; participantIds: string[]; initiatorToken: string } {
    const codeBytes = this.derive(key, 'session-id').subarray(0, LIMITS.sessionIdLength);
    let sessionId = '';
    for (const byte of codeBytes) sessionId += CROCKFORD_ALPHABET[byte & 31];
    return {
      sessionId,
      participantIds: Array.from({ length: participantCount }, (_, position) =>
        this.derive(key, `participant:${position}`).subarray(0, 16).toString('base64url'),
      ),
      initiatorToken: this.derive(key, 'initiator-token').toString('base64url'),
    };
  }

  /** The token a claim of this place with this key gives: 256 bits, the same for every repeat. */
  claimToken(key: string, participantId: string): string {
    return this.derive(key, `claim-token:${participantId}`).toString('base64url');
  }

  /** What a state record keeps of the key that made it: enough to recognise a repeat, nothing to replay it with. */
  digest(key: string): string {
    return this.derive(key, 'record').toString('hex');
  }

  /** The same, of the key and the request it came with: a repeat with another request tells apart. */
  requestDigest(key: string, request: string): string {
    return this.derive(key, `request:${request}`).toString('hex');
  }

  /** The purpose first, then the key: neither holds a newline, so no two pairs give the same input. */
  private derive(key: string, purpose: string): Buffer {
    return createHmac('sha256', this.secret).update(`${purpose}\n${key}`).digest();
  }
}
