import { createHmac } from 'node:crypto';
import { CROCKFORD_ALPHABET, LIMITS } from '@idv/contracts';

/**
 * What a call with an `Idempotency-Key` writes is derived from the key, so that the same call again
 * writes the same `_id`s: its insert is refused as a duplicate, and the record already there answers
 * it with the first outcome. Nothing about the key is stored apart from what it derives: a token
 * (stored only as its hash, like every token), a join code, participant ids, or a key digest on a
 * state record. HMAC-SHA256 keyed with the client's key: without the key nobody can derive them.
 */
function derive(key: string, purpose: string): Buffer {
  return createHmac('sha256', key).update(purpose).digest();
}

/** The session a create with this key makes: its join code, its participants' ids, the initiator token. */
export function keyedSession(key: string, participantCount: number): { sessionId: string; participantIds: string[]; initiatorToken: string } {
  const codeBytes = derive(key, 'session-id').subarray(0, LIMITS.sessionIdLength);
  let sessionId = '';
  for (const byte of codeBytes) sessionId += CROCKFORD_ALPHABET[byte & 31];
  return {
    sessionId,
    participantIds: Array.from({ length: participantCount }, (_, position) => derive(key, `participant:${position}`).subarray(0, 16).toString('base64url')),
    initiatorToken: derive(key, 'initiator-token').toString('base64url'),
  };
}

/** The token a claim of this place with this key gives: 256 bits, the same for every repeat. */
export function keyedClaimToken(key: string, participantId: string): string {
  return derive(key, `claim-token:${participantId}`).toString('base64url');
}

/** What a state record keeps of the key that made it: enough to recognise a repeat, nothing to replay it with. */
export function keyDigest(key: string): string {
  return derive(key, 'record').toString('hex');
}
