/**
 * What a session id is, alone: the shell reads it from the address on every page, so this module
 * carries nothing else (not LIMITS, which it would bring into the landing page's budget).
 */

/** Crockford base32: digits and upper-case letters without I, L, O and U. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** How many characters a session id has (LIMITS.sessionIdLength). */
export const SESSION_ID_LENGTH = 12;

const SESSION_ID_PATTERN = new RegExp(`^[${CROCKFORD_ALPHABET}]{${SESSION_ID_LENGTH}}$`);

export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID_PATTERN.test(value);
}

/** A session id as people read it out and type it: groups of four (7Q2X 9T4K 0W1M); the join form takes it so. */
export function groupedSessionId(id: string): string {
  return id.replace(/(.{4})(?=.)/g, '$1 ');
}
