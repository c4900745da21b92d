import * as z from 'zod';
import { PARTICIPANT_ID_PATTERN, isSessionToken } from '../ids';
import { parseSessionCode } from '../validation/session-code';
import { VALIDATION_MESSAGES } from '../validation/validation-messages';

/** A session id or join code as sent (any case, dashes, look-alikes), normalised to the id. */
export const sessionIdField = z
  .string({ error: VALIDATION_MESSAGES.session_code_invalid })
  .transform(
    (value, context) =>
      parseSessionCode(value) ?? (context.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.session_code_invalid, input: value }), z.NEVER),
  )
  .meta({ description: '12 characters of Crockford base32 (case, dashes and look-alikes are normalised); also the join code', example: '7Q2X9T4K0W1M' });

/** A pattern, not a refinement, so that the OpenAPI document declares it. */
export const participantIdField = (field = 'participantId') =>
  z.string({ error: `${field} must be a participant id` }).regex(PARTICIPANT_ID_PATTERN, { error: `${field} must be a participant id` });

export const handoffCodeField = z.string({ error: 'code must be a handoff code' }).regex(PARTICIPANT_ID_PATTERN, { error: 'code must be a handoff code' });

/** What svc-sessions makes of a token that is not one: it is compared like a wrong one. */
export const MALFORMED_TOKEN = 'malformed';
export const TOKEN_REQUIRED_MESSAGE = 'A session token (x-session-token) is required';

/** The `x-session-token` the browser sent, if any; a malformed one is treated like a wrong one. */
export const optionalTokenField = z
  .string()
  .nullish()
  .transform((token) => (token === undefined || token === null || token === '' ? undefined : isSessionToken(token) ? token : MALFORMED_TOKEN));

/** A token the action needs: without one the answer is `invalid_token` (403), not a validation error. */
export const requiredTokenField = optionalTokenField.transform(
  (token, context) =>
    token ?? (context.addIssue({ code: 'custom', message: TOKEN_REQUIRED_MESSAGE, params: { code: 'invalid_token' }, input: token }), z.NEVER),
);

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 16 to 200 letters, digits or - _ . : (a UUID is one)';

/**
 * A mutating call's `Idempotency-Key` header: the same call with the same key gets its first
 * outcome again (the same session, the same token) instead of a conflict. Whoever has the key can
 * do that, so it is as secret as a token: chosen at random by the client (a UUID), never logged.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{16,200}$/;
export const idempotencyKeyField = z.string({ error: IDEMPOTENCY_KEY_MESSAGE }).regex(IDEMPOTENCY_KEY_PATTERN, { error: IDEMPOTENCY_KEY_MESSAGE }).optional();
