import type { VerificationDecision, VerificationReason } from '@idv/contracts';
import type { CheckedImage } from './images/image-input';

export interface VerificationInput {
  /** The full legal name the participant typed. */
  realName: string;
  /** What the initiator typed for this participant. */
  invitedName: string;
  /** The three images, already checked (type, size, pixels) when the submission arrived. */
  images: { front: CheckedImage; back: CheckedImage; selfie: CheckedImage };
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
