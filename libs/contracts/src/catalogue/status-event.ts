import * as z from 'zod';
import { isParticipantId } from '../ids';
import { isSessionId } from '../validation/session-id';
import { VERIFICATION_REASONS, type VerificationReasonCode } from '../verification-reasons';

const REASON_CODES = Object.keys(VERIFICATION_REASONS) as [VerificationReasonCode, ...VerificationReasonCode[]];

/**
 * A verification result on the JetStream status stream. Carries no extracted personal data: no
 * document number, no birth date, no name. Whether a reason is retryable is the table's word
 * (VERIFICATION_REASONS), not the sender's.
 */
export const VerificationStatusEventSchema = z
  .object({
    eventId: z.string().min(1).max(100),
    sessionId: z.string().refine(isSessionId),
    participantId: z.string().refine(isParticipantId),
    decision: z.enum(['verified', 'failed']),
    reasons: z.array(
      z.object({ code: z.enum(REASON_CODES), retryable: z.boolean() }).transform(({ code }) => ({ code, retryable: VERIFICATION_REASONS[code].retryable })),
    ),
    decidedAt: z.string().refine((value) => !Number.isNaN(Date.parse(value))),
    /** Which submission of the participant this decides (1, 2, ...); a result of an older one is ignored. Absent: 1. */
    attempt: z.int().min(1).max(100).default(1),
  })
  .refine((event) => (event.decision === 'verified') === (event.reasons.length === 0), { error: 'verified has no reasons; failed has at least one' });
