import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CROCKFORD_ALPHABET, LIMITS } from '@idv/contracts';

/** 12 characters of Crockford base32: 60 random bits. */
export function newSessionId(): string {
  const bytes = randomBytes(LIMITS.sessionIdLength);
  let id = '';
  for (const byte of bytes) id += CROCKFORD_ALPHABET[byte & 31];
  return id;
}

/** 128 random bits, base64url. */
export function newParticipantId(): string {
  return randomBytes(16).toString('base64url');
}

/** 128 random bits, base64url: a handoff code, shown once, stored only as a hash. */
export function newHandoffCode(): string {
  return randomBytes(16).toString('base64url');
}

/** 256 random bits, base64url: shown once, stored only as a hash. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Does `token` hash to `expectedHash`? Compared in constant time. */
export function tokenMatches(token: string | undefined, expectedHash: string | null | undefined): boolean {
  if (!token || !expectedHash) return false;
  const actual = Buffer.from(hashToken(token), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
