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
  /** The selfie is not a live person at the camera: it shows the identity document itself (docs/liveness.md). */
  liveness_failed: { retryable: true },
  image_unreadable: { retryable: true },
  check_failed: { retryable: true },
  check_timeout: { retryable: true },
  /** The machine was too busy to finish reading the document: nothing was wrong with the images. */
  service_busy: { retryable: true },
} as const;

export type VerificationReasonCode = keyof typeof VERIFICATION_REASONS;

/** The parts of a submission a person gives: their typed name, the two document photos, the selfie. */
export type SubmissionPart = 'name' | 'documents' | 'selfie';

/**
 * What a failure asks the person to give again on their next attempt; the rest can be kept on their
 * device. A failure of the machine (check_failed, check_timeout, service_busy) asks for nothing;
 * an image that could not be read may be any of the three. A reason that cannot be retried asks for nothing.
 */
export const PARTS_TO_GIVE_AGAIN: Record<VerificationReasonCode, readonly SubmissionPart[]> = {
  name_mismatch: ['name'],
  invited_name_mismatch: [],
  face_mismatch: ['selfie'],
  document_unreadable: ['documents'],
  not_a_document: ['documents'],
  mrz_invalid: ['documents'],
  document_expired: [],
  no_face_on_document: ['documents'],
  no_face_in_selfie: ['selfie'],
  liveness_failed: ['selfie'],
  image_unreadable: ['documents', 'selfie'],
  check_failed: [],
  check_timeout: [],
  service_busy: [],
};

/** The parts a failure with these reasons asks for again, each once. */
export function partsToGiveAgain(reasons: readonly VerificationReasonCode[]): SubmissionPart[] {
  return [...new Set(reasons.flatMap((code) => PARTS_TO_GIVE_AGAIN[code]))];
}

export interface VerificationReason {
  code: VerificationReasonCode;
  retryable: boolean;
}

export function verificationReason(code: VerificationReasonCode): VerificationReason {
  return { code, retryable: VERIFICATION_REASONS[code].retryable };
}

export type VerificationDecision = 'verified' | 'failed';
