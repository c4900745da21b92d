import {
  type ApiErrorBody,
  type ClaimParticipantRequest,
  type ClaimParticipantResponse,
  type CreateSessionRequest,
  type CreateSessionResponse,
  type HandoffOffer,
  type HandoffRedeemed,
  type PlaceHeld,
  type SessionView,
  type SubmissionAccepted,
  type VerificationSubmission,
  isErrorCode,
} from '@idv/contracts';
import { ApiCallError } from './api-error';
import { loadRuntimeConfig } from './runtime-config';

const TIMEOUT_MS = 15000;
const SUBMIT_TIMEOUT_MS = 60000;

async function call<T>(method: string, path: string, options: { body?: unknown; token?: string; timeoutMs?: number } = {}): Promise<T> {
  let config;
  try {
    config = await loadRuntimeConfig();
  } catch {
    throw new ApiCallError('network', 0, 'Configuration could not be loaded');
  }
  const headers: Record<string, string> = { 'x-api-key': config.apiKey };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['x-session-token'] = options.token;
  let response: Response;
  try {
    response = await fetch(`${config.apiBaseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new ApiCallError(timedOut ? 'timeout' : 'network', 0, timedOut ? 'The request timed out' : 'The server could not be reached');
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = (body ?? {}) as Partial<ApiErrorBody>;
    const code = isErrorCode(error.code) ? error.code : response.status >= 500 ? 'internal_error' : 'validation_failed';
    throw new ApiCallError(code, response.status, error.message ?? response.statusText, error.fields);
  }
  return body as T;
}

const session = (id: string) => `/sessions/${encodeURIComponent(id)}`;

/** The gateway's routes, as the screens use them. */
export const api = {
  createSession: (request: CreateSessionRequest) => call<CreateSessionResponse>('POST', '/sessions', { body: request }),
  getSession: (id: string, token?: string) => call<SessionView>('GET', session(id), { token }),
  /**
   * `email`: the address the initiator entered for the place (needed unless `token` holds it);
   * `termsAccepted`: the person accepted the terms (false only to decline the invitation).
   */
  claimParticipant: (id: string, participantId: string, request: ClaimParticipantRequest, token?: string) =>
    call<ClaimParticipantResponse>('POST', `${session(id)}/participants/${encodeURIComponent(participantId)}/claim`, { body: request, token }),
  cancelSession: (id: string, initiatorId: string, reason: string, token: string) =>
    call<SessionView>('POST', `${session(id)}/cancel`, { body: { initiatorId, reason }, token }),
  declineInvitation: (id: string, participantId: string, token: string) =>
    call<SessionView>('POST', `${session(id)}/reject`, { body: { participantId }, token }),
  /** A single-use code that moves this place (the initiator's: the whole session) to the device that opens its link. */
  offerHandoff: (id: string, participantId: string, token: string) =>
    call<HandoffOffer>('POST', `${session(id)}/participants/${encodeURIComponent(participantId)}/handoff`, { token }),
  /** Takes the place a handoff code moves; the code travels in the body, not in a path. */
  redeemHandoff: (code: string) => call<HandoffRedeemed>('POST', '/handoffs/redeem', { body: { code } }),
  /** Resolves while the token holds the place; fails with `place_moved` once a handoff moved it. */
  checkPlace: (id: string, participantId: string, token: string) =>
    call<PlaceHeld>('GET', `${session(id)}/participants/${encodeURIComponent(participantId)}/place`, { token }),
  submitVerification: (id: string, participantId: string, submission: VerificationSubmission, token: string) =>
    call<SubmissionAccepted>('POST', `/verification/${encodeURIComponent(id)}/${encodeURIComponent(participantId)}`, {
      body: submission,
      token,
      timeoutMs: SUBMIT_TIMEOUT_MS,
    }),
};
