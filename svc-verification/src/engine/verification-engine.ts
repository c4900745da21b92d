import type { VerificationDecision, VerificationReason } from '@idv/contracts';
import type { CheckedImage } from './images/image-input';
import type { LivenessEvidence } from './liveness/head-turn-liveness';

export interface VerificationInput {
  /** The full legal name the participant typed. */
  realName: string;
  /** What the initiator typed for this participant. */
  invitedName: string;
  /** The three images, already checked (type, size, pixels) when the submission arrived. */
  images: { front: CheckedImage; back: CheckedImage; selfie: CheckedImage };
  /** A liveness capture (`proofOfLife`) whose challenge svc-sessions accepted for this attempt: its moves and checked frames. */
  liveness?: LivenessEvidence;
}

export interface VerificationOutcome {
  decision: VerificationDecision;
  reasons: VerificationReason[];
}

/** Decides one submission, in memory only. */
export abstract class VerificationEngine {
  /**
   * `stop` is aborted when the check's time limit passes: the engine then starts no further step
   * (an OCR read, a face pass) and rejects; the step under way finishes, bounded by its own size.
   */
  abstract verify(input: VerificationInput, stop?: AbortSignal): Promise<VerificationOutcome>;

  /** Models loaded: health reports ready only then. */
  get ready(): boolean {
    return true;
  }
}
