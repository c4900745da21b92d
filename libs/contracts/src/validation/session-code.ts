import { LIMITS } from '../limits';
import { isSessionId } from './session-id';
import { invalid, valid, type ValidationResult } from './validation-result';

/**
 * Every way of writing a session code that parseSessionCode takes, as one pattern (for the OpenAPI
 * document): 12 Crockford characters in either case, O, I and L among them, with spaces and dashes
 * anywhere; at most LIMITS.sessionCodeMaxCodeUnits characters in all.
 */
export const SESSION_CODE_INPUT_PATTERN = `^[\\s-]*(?:[0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][\\s-]*){${LIMITS.sessionIdLength}}$`;

/**
 * What a person typed or pasted, as the session id it means: upper case, spaces
 * and dashes dropped, O read as 0, I and L read as 1.
 */
export function normalizeSessionCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** The join field as the user types: upper-cased and cut at 24 characters. */
export function formatJoinCodeInput(input: string): string {
  return input.toUpperCase().slice(0, LIMITS.joinCodeMaxLength);
}

/**
 * A session code from anywhere (a typed field, a URL segment, a message) as the session id it
 * means, or undefined. A value longer than any way of writing a code is refused unread.
 */
export function parseSessionCode(input: unknown): string | undefined {
  if (typeof input !== 'string' || input.length > LIMITS.sessionCodeMaxCodeUnits) return undefined;
  const id = normalizeSessionCode(input);
  return isSessionId(id) ? id : undefined;
}

export function validateSessionCode(input: unknown): ValidationResult<string> {
  if (typeof input !== 'string' || input.trim().length === 0) return invalid('session_code_required');
  const id = parseSessionCode(input);
  return id ? valid(id) : invalid('session_code_invalid');
}
