import * as z from 'zod';
import { LIVENESS_CHALLENGE_KINDS, LIVENESS_MOVES } from '../liveness';
import { PARTICIPANT_STATUSES } from '../participant';
import { SESSION_STATUSES } from '../session-status';
import { VERIFICATION_REASONS, type VerificationReasonCode } from '../verification-reasons';

/** ISO 8601 (answers are not validated: the format is documentation). */
const isoDateTime = z.string().meta({ format: 'date-time' });

const REASON_CODES = Object.keys(VERIFICATION_REASONS) as [VerificationReasonCode, ...VerificationReasonCode[]];

export const VerificationReasonSchema = z
  .object({ code: z.enum(REASON_CODES), retryable: z.boolean().meta({ description: 'Whether trying again can change the decision' }) })
  .meta({ id: 'VerificationReason' });

export const ParticipantResultSchema = z
  .object({ decidedAt: isoDateTime, reasons: z.array(VerificationReasonSchema).meta({ description: 'Empty when verified' }) })
  .meta({ id: 'ParticipantResult' });

export const ParticipantViewSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string().meta({ example: 'a***@e***.com', description: 'Masked unless the initiator token is presented' }),
    status: z.enum(PARTICIPANT_STATUSES),
    claimed: z.boolean().meta({ description: 'A browser has claimed this place' }),
    result: ParticipantResultSchema.optional(),
    attempt: z
      .int()
      .min(0)
      .optional()
      .meta({ description: 'Submissions made so far (0 before the first); a retry after a retryable failure is the next one. Always sent' }),
    attemptsLeft: z.int().min(0).optional().meta({
      description:
        'Submissions still allowed (3 in all by default). A failed participant whose reasons are all retryable may submit again while this is above 0. Always sent',
    }),
  })
  .meta({ id: 'ParticipantView' });

export const SessionViewSchema = z.object({
  _id: z.string().meta({ example: '7Q2X9T4K0W1M', description: '12 characters of Crockford base32; also the join code' }),
  initiator: z.string(),
  initiatorParticipantId: z.string(),
  participants: z.array(ParticipantViewSchema),
  purpose: z.string(),
  status: z.enum(SESSION_STATUSES),
  shareableUrl: z.string().meta({ example: 'https://idv.example.com/invite/7Q2X9T4K0W1M' }),
  isCancelled: z.boolean(),
  cancelReason: z.string().optional(),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
});

export const CreateSessionResponseSchema = z.object({
  session: SessionViewSchema,
  initiatorToken: z.string().meta({ description: 'Shown once; send as x-session-token to act as the initiator' }),
});

export const ClaimParticipantResponseSchema = z.object({
  participantToken: z.string().meta({ description: 'Shown once; send as x-session-token to act as this participant' }),
});

/**
 * A single-use code that moves the place to the device that opens `url` within `expiresAt`
 * (LIMITS.handoffValidMinutes). Shown once, stored only as a hash.
 */
export const HandoffOfferSchema = z.object({
  code: z.string().meta({ description: 'Single-use, 128 random bits; stored only as a hash', example: 'q3VbX0n2cQk7dPz9LmA1sw' }),
  url: z.string().meta({ description: 'The short link to show as a QR code: opening it on another device moves the place there' }),
  expiresAt: isoDateTime.meta({ description: 'The code is refused from then on (10 minutes)' }),
});

/**
 * The place, now held by this device: `token` (shown once) acts for the participant, and for the
 * whole session when `initiator` is true; the token of the device that offered it stops working.
 */
export const HandoffRedeemedSchema = z.object({
  sessionId: z.string(),
  participantId: z.string(),
  name: z.string().meta({ description: 'The invited name of the place' }),
  initiator: z.boolean().meta({ description: "The initiator's place: the token also acts for the whole session" }),
  token: z.string().meta({ description: "Shown once; send as x-session-token. The offering device's token stops working (403 place_moved)" }),
});

/**
 * A liveness challenge for the participant's next attempt: the moves to make, in order, while the
 * camera records. `challenge` is opaque and signed by svc-sessions: it names the session, the place
 * and the attempt, and is refused after `expiresAt` (LIMITS.livenessChallengeValidMinutes) or once
 * that attempt is made.
 */
export const LivenessChallengeSchema = z.object({
  challenge: z.string().meta({ description: 'Opaque, signed by the server; bound to this place and attempt, valid until expiresAt' }),
  kind: z.enum(LIVENESS_CHALLENGE_KINDS).meta({ description: 'What the moves are: head_turns' }),
  moves: z
    .array(z.enum(LIVENESS_MOVES))
    .meta({ description: 'The moves to make, one at a time, in this order', example: ['turn_right', 'look_up', 'turn_left'] }),
  attempt: z.number().int().min(1).meta({ description: 'The attempt the challenge is for: the next submission of this participant' }),
  expiresAt: isoDateTime.meta({ description: 'The challenge is refused from then on (2 minutes)' }),
});

/** The token still holds the place (else 403 `place_moved` or `invalid_token`). */
export const PlaceHeldSchema = z.object({ held: z.literal(true) });

export const SubmissionAcceptedSchema = z.object({ accepted: z.literal(true) });

/** Asked by svc-verification when a submission arrives: what the check needs from the session. */
export const BeginVerificationReplySchema = z.object({
  accepted: z.literal(true),
  /** The invited name, for the name check (what the initiator typed). */
  invitedName: z.string(),
  /**
   * When svc-sessions decides the submission itself (`failed`, `check_timeout`) if no result has
   * arrived, ISO 8601. A result published later is ignored, so the check stops trying by then.
   */
  deadline: isoDateTime,
  /** Which submission of the participant this is (1 for the first); its result event carries it. */
  attempt: z.int().min(1),
  /** The same submission sent again with its `Idempotency-Key`: already accepted, so no check is started. */
  repeated: z.boolean().optional(),
  /** The moves of the liveness challenge the submission sent, checked: what its frames must show. */
  livenessMoves: z.array(z.enum(LIVENESS_MOVES)).optional(),
});

const componentState = z.enum(['up', 'down']);

/** What a service answers on its health subject. */
export const ServiceHealthReplySchema = z.object({
  service: z.string(),
  status: componentState,
  /** Dependencies the service checked itself (e.g. the database). */
  checks: z.record(z.string(), componentState),
});
