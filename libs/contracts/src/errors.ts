import type { ValidationCode } from './validation/validation-messages';

/**
 * Stable machine error codes and the HTTP status each maps to at the gateway.
 * Services answer errors as `{ code, message }`; the gateway's one exception
 * filter turns them into `{ statusCode, error, message, code }`.
 */
export const ERROR_HTTP_STATUS = {
  validation_failed: 400,
  unauthorized: 401,
  invalid_token: 403,
  session_cancelled: 403,
  initiator_cannot_decline: 403,
  terms_not_accepted: 403,
  /** The token held this place once; a handoff moved it to another device. */
  place_moved: 403,
  /** The token held this place until the initiator released it. */
  place_released: 403,
  /** A claim whose e-mail address is not the one the initiator entered for the place. */
  email_mismatch: 403,
  session_not_found: 404,
  participant_not_found: 404,
  not_found: 404,
  /** A method the route does not have (the answer names the ones it has in `Allow`). */
  method_not_allowed: 405,
  session_full: 409,
  participant_already_claimed: 409,
  already_submitted: 409,
  participant_not_pending: 409,
  attempts_exhausted: 409,
  not_retryable: 409,
  handoff_limit_reached: 409,
  /** Only a place an invitee claimed and has not answered yet can be released, a few times at most. */
  cannot_release: 409,
  session_expired: 410,
  /** A handoff code that is unknown, used, expired, or made before the place moved again: no handoff by that code. */
  handoff_invalid: 404,
  /** A liveness challenge that is not the server's, is for another place or attempt, or has expired: ask for a new one. */
  liveness_challenge_invalid: 410,
  /**
   * A submission without a liveness capture where liveness is enforced (svc-verification
   * LIVENESS_HEAD_TURNS=enforced): the selfie must be taken with the camera, following a challenge.
   */
  liveness_capture_required: 422,
  /**
   * A liveness capture whose frames do not follow its challenge: frames at the camera first, then
   * at least four of each move (the page's timeline), in the challenge's order (@idv/contracts
   * captureFollowsChallenge).
   */
  liveness_capture_invalid: 422,
  payload_too_large: 413,
  /** Too many wrong e-mail addresses for a place: it takes no claim until the lock ends. */
  place_locked: 423,
  /**
   * An image (or a liveness frame) longer than its field may be, or with more pixels than a check
   * takes: its content cannot be processed, the body as a whole was taken.
   */
  image_too_large: 422,
  unsupported_image_type: 415,
  image_unreadable: 422,
  /**
   * An `Idempotency-Key` sent again with a different request (another body, or another session's
   * place): it conflicts with the request the key was first used for.
   */
  idempotency_key_reused: 409,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  verification_busy: 503,
  service_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;

/**
 * What each code means, for a client: the OpenAPI document's text of every error answer is made
 * from this and ERROR_HTTP_STATUS (svc-gateway api-error.dto.ts), so that a code cannot be missing
 * from the status it is answered with.
 */
export const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  validation_failed: 'the body or a path id is invalid (field messages in `fields`)',
  unauthorized: 'missing or wrong x-api-key',
  invalid_token: 'the x-session-token holds no place here',
  session_cancelled: 'the initiator cancelled the session',
  initiator_cannot_decline: 'the initiator cancels the session instead',
  terms_not_accepted: 'the person has not accepted the Terms of Service',
  place_moved: 'the token held this place until a handoff moved it to another device',
  place_released: 'the token held this place until the initiator released it',
  email_mismatch: 'a claim with another address than the one the initiator entered for the place',
  session_not_found: 'no session by that id',
  participant_not_found: 'no participant by that id in the session',
  not_found: 'no such route',
  method_not_allowed: 'the route does not take this method (see Allow)',
  session_full: 'every place is taken',
  participant_already_claimed: 'another browser holds the place',
  already_submitted: 'the place has submitted already',
  participant_not_pending: 'the place has answered already',
  attempts_exhausted: 'no submissions left after a failure',
  not_retryable: 'the failure was for a reason trying again cannot change',
  handoff_limit_reached: 'the place has moved to another device too many times',
  cannot_release: 'only a place an invitee claimed and has not answered can be released, a few times at most',
  session_expired: 'the session is past its expiry',
  handoff_invalid: 'no handoff by that code: unknown, used already, expired, or offered before the place moved again',
  liveness_challenge_invalid: "a liveness challenge that is not the server's, is for another place or attempt, or has expired",
  liveness_capture_required:
    'where liveness is enforced, a submission without a capture (`proofOfLife` with the challenge and its frames); nothing was recorded',
  liveness_capture_invalid:
    "a capture whose frames do not follow its challenge: frames at the camera first, then at least four of each move, in the challenge's order; nothing was recorded",
  payload_too_large: "the whole body is over the route's limit",
  place_locked: 'too many wrong e-mail addresses for the place from this client; no claim from this client until the time in the message',
  image_too_large: 'an image or a liveness frame longer than its field allows, or with more pixels than a check takes',
  unsupported_image_type: 'an image that is not JPEG, PNG or WebP',
  image_unreadable: 'an image whose bytes cannot be decoded',
  idempotency_key_reused: 'the Idempotency-Key was first used for another request',
  rate_limited: 'too many requests; try again after Retry-After',
  internal_error: 'an unexpected error',
  service_unavailable: 'a service, NATS or the database is away; try again after Retry-After',
  verification_busy: 'the checks are busy; try again after Retry-After (nothing was recorded)',
  service_timeout: 'a service did not answer in time',
};

export const ERROR_CODES = Object.keys(ERROR_HTTP_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_HTTP_STATUS, value);
}

/** What a service puts in an RpcException, and what travels back over NATS. */
export interface ServiceError {
  code: ErrorCode;
  message: string;
  /** Per-field validation messages, for `validation_failed`. */
  fields?: Record<string, string>;
  /** For a field that broke one of the product's rules (libs/contracts validation), the rule's code. */
  fieldCodes?: Record<string, ValidationCode>;
}

/** The JSON body of every error the gateway answers. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code: ErrorCode;
  fields?: Record<string, string>;
  fieldCodes?: Record<string, ValidationCode>;
}

/** The exact text the spec uses for a submit to a cancelled session. */
export const SESSION_CANCELLED_MESSAGE = 'Session has been cancelled';
