import * as z from 'zod';
import { LIMITS } from '../limits';
import { LIVENESS_CAPTURE_STEPS } from '../liveness';
import { idempotencyKeyField, optionalTokenField, participantIdField, requiredTokenField, sessionIdField } from './id-fields';
import { CancelSessionRequestSchema, ClaimParticipantRequestSchema, RedeemHandoffRequestSchema } from './session-requests';
import { VerificationSubmissionSchema } from './verification-requests';

/**
 * Payloads of the request/reply subjects, as the gateway (or svc-verification) sends them: the
 * ids from the path, the browser's raw `x-session-token` (svc-sessions compares only its hash),
 * and the body. Fields a subject does not define are dropped.
 */
const place = { sessionId: sessionIdField, participantId: participantIdField() };

export const GetSessionQuerySchema = z.object({
  sessionId: sessionIdField,
  token: optionalTokenField.optional(),
  /** A token sent must hold a place in the session (the initiator's or a participant's), else invalid_token: the live stream asks it. */
  tokenMustHold: z.boolean().optional(),
});
export const ClaimParticipantCommandSchema = z.object({
  ...place,
  ...ClaimParticipantRequestSchema.shape,
  token: optionalTokenField.optional(),
  idempotencyKey: idempotencyKeyField,
  /**
   * Who sends the claim, as the gateway names its callers (a digest: of a secret key's name, or of
   * the browser key's address): wrong e-mail addresses count against it, not against the place.
   */
  client: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional(),
});
export const CancelSessionCommandSchema = z.object({
  sessionId: sessionIdField,
  ...CancelSessionRequestSchema.shape,
  token: requiredTokenField,
  idempotencyKey: idempotencyKeyField,
});
/** Offer a handoff, ask whether the place is still held (the place's token); release a place (the initiator token). */
export const PlaceCommandSchema = z.object({ ...place, token: requiredTokenField });
/** Decline, begin a verification: the place, its token, and the call's `Idempotency-Key` if it had one. */
export const PlaceChangeCommandSchema = z.object({ ...place, token: requiredTokenField, idempotencyKey: idempotencyKeyField });
/**
 * Begin a verification: as a place change, with the liveness challenge the submission's capture
 * followed, when it sent one (svc-sessions checks it is its own, for this place and this attempt,
 * and not expired, and answers its moves), and of each of the capture's frames, in order, the step
 * it was taken during and whether it is for the flow alone (svc-sessions checks they follow the
 * challenge's moves: captureFollowsChallenge; an svc-verification from before it sends none).
 */
export const BeginVerificationCommandSchema = PlaceChangeCommandSchema.extend({
  challenge: z.string().max(1024).optional(),
  captureFrames: z
    .array(z.strictObject({ step: z.enum(LIVENESS_CAPTURE_STEPS), flow: z.literal(true).optional() }))
    .max(LIMITS.livenessFramesMax)
    .optional(),
});
export const RedeemHandoffCommandSchema = z.object(RedeemHandoffRequestSchema.shape);
export const SubmitVerificationCommandSchema = z.object({
  ...place,
  token: requiredTokenField,
  idempotencyKey: idempotencyKeyField,
  submission: VerificationSubmissionSchema,
});
export const SessionChangedEventSchema = z.object({ sessionId: z.string() });
/** Health subjects take no payload. */
export const NoPayloadSchema = z.unknown();
