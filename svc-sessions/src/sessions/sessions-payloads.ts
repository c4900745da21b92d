import { isParticipantId, isSessionToken, parseSessionCode } from '@idv/contracts';
import { INVALID_CODE_MESSAGE, serviceError, validationError } from '../errors/service-error';

/** Every handler validates its payload: these read the common fields or refuse the message. */
export function readPayload(payload: unknown): Record<string, unknown> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw validationError({ body: 'The request body must be a JSON object' });
  }
  return payload as Record<string, unknown>;
}

export function readSessionId(payload: Record<string, unknown>): string {
  const id = parseSessionCode(payload['sessionId']);
  if (!id) throw serviceError('validation_failed', INVALID_CODE_MESSAGE, { sessionId: INVALID_CODE_MESSAGE });
  return id;
}

export function readParticipantId(payload: Record<string, unknown>, field = 'participantId'): string {
  const id = payload[field];
  if (!isParticipantId(id)) throw validationError({ [field]: `${field} must be a participant id` });
  return id;
}

/** The token, if one was sent; a malformed one is treated like a wrong one. */
export function readOptionalToken(payload: Record<string, unknown>): string | undefined {
  const token = payload['token'];
  if (token === undefined || token === null || token === '') return undefined;
  return isSessionToken(token) ? token : 'malformed';
}

export function readRequiredToken(payload: Record<string, unknown>): string {
  const token = readOptionalToken(payload);
  if (!token) throw serviceError('invalid_token', 'A session token (x-session-token) is required');
  return token;
}
