import {
  type ApiErrorBody,
  type BackoffPolicy,
  type ClaimParticipantRequest,
  type ClaimParticipantResponse,
  type CreateSessionRequest,
  type CreateSessionResponse,
  type HandoffOffer,
  type HandoffRedeemed,
  type LivenessChallenge,
  type PlaceHeld,
  type SessionView,
  type SubmissionAccepted,
  type VerificationSubmission,
  backoffMs,
  isErrorCode,
} from '@idv/contracts';
import { ApiCallError } from './api-error';
import { loadRuntimeConfig } from './runtime-config';
import { watchSession } from './session-stream';

const TIMEOUT_MS = 15000;
const SUBMIT_TIMEOUT_MS = 60000;
/** A change whose answer was lost is sent again this many times, after 1 s and then 3 s. */
const RETRIES = 2;
const RETRY: BackoffPolicy = { firstMs: 1000, maxMs: 3000, factor: 3 };
/** Answers after which the change may or may not have been made: sent again with the same key. */
const UNKNOWN_OUTCOME = new Set(['timeout', 'network', 'service_unavailable', 'service_timeout', 'internal_error']);

interface CallOptions {
  body?: unknown;
  token?: string;
  timeoutMs?: number;
}

/** 128 random bits, hex: an `Idempotency-Key` (crypto.randomUUID needs a secure context; this does not). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A call that changes something (create, claim, cancel, decline, submit): sent with an
 * `Idempotency-Key`, and sent again with the same key when its answer was lost (a timeout, the
 * network, a 5xx), so that the first outcome comes back (the same token, the same session) instead
 * of a conflict or a second change. Written here rather than with TanStack Query's mutation retry:
 * the key must outlive the tries of one action and never be shared with another.
 */
async function change<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
  const idempotencyKey = newIdempotencyKey();
  for (let retry = 0; ; retry++) {
    try {
      return await call<T>(method, path, options, idempotencyKey);
    } catch (error) {
      const unknownOutcome = error instanceof ApiCallError && UNKNOWN_OUTCOME.has(error.code);
      if (!unknownOutcome || retry >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffMs(retry, RETRY)));
    }
  }
}

async function call<T>(method: string, path: string, options: CallOptions = {}, idempotencyKey?: string): Promise<T> {
  let config;
  try {
    config = await loadRuntimeConfig();
  } catch {
    throw new ApiCallError('network', 0, 'Configuration could not be loaded');
  }
  const headers: Record<string, string> = { 'x-api-key': config.apiKey };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['x-session-token'] = options.token;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
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
    throw new ApiCallError(code, response.status, error.message ?? response.statusText, error.fields, error.fieldCodes);
  }
  return body as T;
}

const session = (id: string) => `/sessions/${encodeURIComponent(id)}`;

/** The gateway's routes, as the screens use them. */
export const api = {
  createSession: (request: CreateSessionRequest) => change<CreateSessionResponse>('POST', '/sessions', { body: request }),
  getSession: (id: string, token?: string) => call<SessionView>('GET', session(id), { token }),
  /** Follows the session live (session-stream.ts); returns what stops it. */
  watchSession,
  /**
   * `email`: the address the initiator entered for the place (needed unless `token` holds it);
   * `termsAccepted`: the person accepted the terms (false only to decline the invitation).
   */
  claimParticipant: (id: string, participantId: string, request: ClaimParticipantRequest, token?: string) =>
    change<ClaimParticipantResponse>('POST', `${session(id)}/participants/${encodeURIComponent(participantId)}/claim`, { body: request, token }),
  /** The initiator takes back a place the wrong person claimed (a repeat answers the same: no key needed). */
  releasePlace: (id: string, participantId: string, token: string) =>
    call<SessionView>('POST', `${session(id)}/participants/${encodeURIComponent(participantId)}/release`, { token }),
  cancelSession: (id: string, initiatorId: string, reason: string, token: string) =>
    change<SessionView>('POST', `${session(id)}/cancel`, { body: { initiatorId, reason }, token }),
  declineInvitation: (id: string, participantId: string, token: string) =>
    change<SessionView>('POST', `${session(id)}/reject`, { body: { participantId }, token }),
  /** A single-use code that moves this place (the initiator's: the whole session) to the device that opens its link. */
  offerHandoff: (id: string, participantId: string, token: string) =>
    call<HandoffOffer>('POST', `${session(id)}/participants/${encodeURIComponent(participantId)}/handoff`, { token }),
  /** Takes the place a handoff code moves; the code travels in the body, not in a path. */
  redeemHandoff: (code: string) => call<HandoffRedeemed>('POST', '/handoffs/redeem', { body: { code } }),
  /** Resolves while the token holds the place; fails with `place_moved` once a handoff moved it. */
  checkPlace: (id: string, participantId: string, token: string) =>
    call<PlaceHeld>('GET', `${session(id)}/participants/${encodeURIComponent(participantId)}/place`, { token }),
  /** The head turns to make for this participant's next attempt (docs/liveness.md); each call issues a new challenge. */
  issueLivenessChallenge: (id: string, participantId: string, token: string) =>
    call<LivenessChallenge>('POST', `/verification/${encodeURIComponent(id)}/${encodeURIComponent(participantId)}/challenge`, { token }),
  submitVerification: (id: string, participantId: string, submission: VerificationSubmission, token: string) =>
    change<SubmissionAccepted>('POST', `/verification/${encodeURIComponent(id)}/${encodeURIComponent(participantId)}`, {
      body: submission,
      token,
      timeoutMs: SUBMIT_TIMEOUT_MS,
    }),
};
