import type { VerificationDecision, VerificationReason, VerificationSubmission } from '@idv/contracts';

export interface VerificationInput {
  submission: VerificationSubmission;
  /** What the initiator typed for this participant. */
  invitedName: string;
}

export interface VerificationOutcome {
  decision: VerificationDecision;
  reasons: VerificationReason[];
}

/** Decides one submission, in memory only. */
export abstract class VerificationEngine {
  abstract verify(input: VerificationInput): Promise<VerificationOutcome>;

  /** Models loaded: health reports ready only then. */
  get ready(): boolean {
    return true;
  }
}
