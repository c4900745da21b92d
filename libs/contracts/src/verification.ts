/** Public-safe reasons a verification can fail for; `retryable` tells the user whether to try again. */
export const VERIFICATION_REASONS = {
  name_mismatch: { retryable: true },
  invited_name_mismatch: { retryable: false },
  face_mismatch: { retryable: true },
  document_unreadable: { retryable: true },
  /** The front is not shown to be the document whose zone was read (not a card, or another card). */
  not_a_document: { retryable: true },
  mrz_invalid: { retryable: true },
  document_expired: { retryable: false },
  no_face_on_document: { retryable: true },
  no_face_in_selfie: { retryable: true },
  image_unreadable: { retryable: true },
  check_failed: { retryable: true },
  check_timeout: { retryable: true },
} as const;

export type VerificationReasonCode = keyof typeof VERIFICATION_REASONS;

export interface VerificationReason {
  code: VerificationReasonCode;
  retryable: boolean;
}

export function verificationReason(code: VerificationReasonCode): VerificationReason {
  return { code, retryable: VERIFICATION_REASONS[code].retryable };
}

export type VerificationDecision = 'verified' | 'failed';

/**
 * Published on the JetStream status stream. Carries no extracted personal data:
 * no document number, no birth date, no name.
 */
export interface VerificationStatusEvent {
  eventId: string;
  sessionId: string;
  participantId: string;
  decision: VerificationDecision;
  reasons: VerificationReason[];
  decidedAt: string;
  /** Which submission of the participant this decides (1, 2, ...); a result of an older one is ignored. Absent: 1. */
  attempt?: number;
}

/** Body of `POST /api/verification/:sessionId/:participantId`. */
export interface VerificationSubmission {
  realName: string;
  idDocumentFront: string;
  idDocumentBack: string;
  selfie: string;
  proofOfLife: string;
}

/** `verification.submit.v1`: a submission with the ids from the path and the browser's token. */
export interface SubmitVerificationCommand {
  sessionId: string;
  participantId: string;
  token: string;
  submission: VerificationSubmission;
}

export interface SubmissionAccepted {
  accepted: true;
}
