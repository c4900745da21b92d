import { isSessionId } from './validation/session-id';

/** Participant ids and handoff codes: 128 random bits, base64url (22 characters). */
export const PARTICIPANT_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** Tokens: 256 random bits, base64url (43 characters). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isParticipantId(value: unknown): value is string {
  return typeof value === 'string' && PARTICIPANT_ID_PATTERN.test(value);
}

/** Handoff codes: 128 random bits, base64url (22 characters), shown once, stored only as a hash. */
export function isHandoffCode(value: unknown): value is string {
  return typeof value === 'string' && PARTICIPANT_ID_PATTERN.test(value);
}

export function isSessionToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

export { isSessionId };
