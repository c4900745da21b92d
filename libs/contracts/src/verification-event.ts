import { isParticipantId } from './ids';
import { isSessionId } from './validation/session-code';
import { VERIFICATION_REASONS, type VerificationReasonCode, type VerificationStatusEvent } from './verification';

/** Checks an event read from the status stream; undefined when it is not one. */
export function parseVerificationStatusEvent(value: unknown): VerificationStatusEvent | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const event = value as Record<string, unknown>;
  const { eventId, sessionId, participantId, decision, reasons, decidedAt, attempt = 1 } = event;
  if (typeof eventId !== 'string' || eventId.length === 0 || eventId.length > 100) return undefined;
  if (!isSessionId(sessionId) || !isParticipantId(participantId)) return undefined;
  if (decision !== 'verified' && decision !== 'failed') return undefined;
  if (typeof decidedAt !== 'string' || Number.isNaN(Date.parse(decidedAt))) return undefined;
  if (!Array.isArray(reasons)) return undefined;
  if (typeof attempt !== 'number' || !Number.isInteger(attempt) || attempt < 1 || attempt > 100) return undefined;
  const parsedReasons = [];
  for (const reason of reasons as unknown[]) {
    const code = (reason as { code?: unknown })?.code;
    if (typeof code !== 'string' || !Object.prototype.hasOwnProperty.call(VERIFICATION_REASONS, code)) return undefined;
    parsedReasons.push({ code: code as VerificationReasonCode, retryable: VERIFICATION_REASONS[code as VerificationReasonCode].retryable });
  }
  if (decision === 'verified' && parsedReasons.length > 0) return undefined;
  if (decision === 'failed' && parsedReasons.length === 0) return undefined;
  return { eventId, sessionId, participantId, decision, reasons: parsedReasons, decidedAt, attempt };
}
