import type { ClaimParticipantResponse, CreateSessionResponse } from '@idv/contracts';
import { ANA, BO, NOUR, createSessionBody } from '@idv/test-kit';
import { e2eEnvironment } from './environment';

const { apiUrl, apiKey, appUrl } = e2eEnvironment();

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  /** The Retry-After header in seconds, where the answer has one (429, 503). */
  retryAfterSeconds?: number;
}

/**
 * One call to the running gateway as the app's pages make it: the browser key (unless told
 * otherwise) and the app's Origin, without which the gateway refuses the browser key.
 */
export async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; token?: string; apiKey?: string | null; idempotencyKey?: string } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: new URL(appUrl).origin };
  if (options.apiKey !== null) headers['x-api-key'] = options.apiKey ?? apiKey;
  if (options.token) headers['x-session-token'] = options.token;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  const retryAfter = response.headers.get('retry-after');
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T, ...(retryAfter ? { retryAfterSeconds: Number(retryAfter) } : {}) };
}

/** Three people, one with a right-to-left name: the session most API tests start from. */
export const people = createSessionBody([ANA, BO, NOUR]);

export async function createSession(body: unknown = people): Promise<CreateSessionResponse> {
  const answer = await api<CreateSessionResponse>('POST', '/sessions', { body });
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A new session (`people` by default) in which Bo, the second person, has claimed his place: his token is `boToken`. */
export async function sessionWithBoClaimed(body: unknown = people) {
  const created = await createSession(body);
  const bo = created.session.participants[1];
  const claim = await api<ClaimParticipantResponse>('POST', `/sessions/${created.session._id}/participants/${bo._id}/claim`, {
    body: { email: bo.email, termsAccepted: true },
  });
  if (claim.status !== 200) throw new Error(`claim answered ${claim.status}: ${JSON.stringify(claim.body)}`);
  return { ...created, bo, boToken: claim.body.participantToken };
}

/**
 * A tiny valid JPEG (8x8 grey, every byte decodable) as a data URL: the checks decide on it; the
 * API only needs the shape. (The one used before ended early and is now refused at submission.)
 */
export const TINY_JPEG =
  'data:image/jpeg;base64,/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAUAQEAAAAAAAAAAAAAAAAAAAAA/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AAA//2Q==';

export const submission = (realName = 'Bo Li') => ({
  realName,
  idDocumentFront: TINY_JPEG,
  idDocumentBack: TINY_JPEG,
  selfie: TINY_JPEG,
  proofOfLife: '',
});
