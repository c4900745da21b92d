import { type VerificationReason, type VerificationReasonCode, verificationReason } from '@idv/contracts';
import type { VerificationOutcome } from './verification-engine';

/** What the engine found on one submission: facts of the images, no decision yet. */
export interface CheckFindings {
  /** A face was found on the document's front. */
  portraitFound: boolean;
  /** A face was found in the selfie. */
  selfieFaceFound: boolean;
  /** The document as its machine readable zone and printed text say; absent when no zone was read. */
  document?: {
    checkDigitsValid: boolean;
    /** It expired before today (or the zone gives no expiry). */
    expired: boolean;
    /** The front belongs to this document (its number, its zone, or the zone is printed on it). */
    frontShowsIt: boolean;
    /** The typed real name is the document's. */
    nameHolds: boolean;
    /** The name the initiator typed plausibly names the document's holder. */
    invitedNameMatches: boolean;
    /** The selfie shows the document's print (the card held to the camera). */
    selfieShowsIt: boolean;
  };
  /** The selfie's face is farther from the portrait than the face threshold allows (both found). */
  facesDiffer: boolean;
  /** The head-turn capture showed no live head, and the operator enforces that decision. */
  headTurnsRefused: boolean;
  /**
   * The selfie's face copies the document's portrait detail for detail (liveness/portrait-copy.ts),
   * no head-turn capture showed the selfie's person live, and the operator enforces that rule.
   */
  selfieCopiesPortrait: boolean;
  /**
   * The selfie's face is pixelated with its blocks left hard (faces/block-grid.ts), which no
   * camera's frame is, and the operator enforces that rule.
   */
  selfiePixelated: boolean;
  /**
   * The selfie's face repeats its steps between pixels as a picture enlarged from a much smaller one
   * does (faces/resampling-trace.ts), which no camera's frame is, and the operator enforces that rule.
   */
  selfieEnlarged: boolean;
  /** Some text was not read: a read stopped at its limit, or never given the CPU (`starved`). */
  textUnread: false | 'cut-short' | 'starved';
}

interface DecisionRule {
  reason: VerificationReasonCode;
  fails: (findings: CheckFindings) => boolean;
  /**
   * The failure says that something was not found in text. When some text was not read, that
   * proves nothing absent: the document is unreadable instead, or the service was busy (its reads
   * got no CPU), which the person did not cause and may submit again for.
   */
  needsAllText?: true;
}

/**
 * Every reason a check fails for, in the order it reports them. A submission is verified when no
 * rule fails. The document's own checks apply only to a document that was read; the invited name
 * only when the typed name holds (one name reason, not two).
 */
export const DECISION_RULES: readonly DecisionRule[] = [
  { reason: 'liveness_failed', fails: (f) => f.headTurnsRefused },
  { reason: 'no_face_on_document', fails: (f) => !f.portraitFound },
  { reason: 'no_face_in_selfie', fails: (f) => !f.selfieFaceFound },
  { reason: 'document_unreadable', fails: (f) => !f.document, needsAllText: true },
  { reason: 'mrz_invalid', fails: (f) => f.document?.checkDigitsValid === false },
  { reason: 'document_expired', fails: (f) => f.document?.expired === true },
  { reason: 'not_a_document', fails: (f) => f.document?.frontShowsIt === false, needsAllText: true },
  { reason: 'name_mismatch', fails: (f) => f.document?.nameHolds === false, needsAllText: true },
  { reason: 'invited_name_mismatch', fails: (f) => f.document?.nameHolds === true && !f.document.invitedNameMatches },
  { reason: 'liveness_failed', fails: (f) => f.document?.selfieShowsIt === true },
  { reason: 'liveness_failed', fails: (f) => f.selfieCopiesPortrait },
  { reason: 'liveness_failed', fails: (f) => f.selfiePixelated },
  { reason: 'liveness_failed', fails: (f) => f.selfieEnlarged },
  { reason: 'face_mismatch', fails: (f) => f.facesDiffer },
];

/** The outcome of a check's findings: verified when no rule fails, else every reason once. */
export function decide(findings: CheckFindings): VerificationOutcome {
  const unread: VerificationReasonCode = findings.textUnread === 'starved' ? 'service_busy' : 'document_unreadable';
  const failed = DECISION_RULES.filter((rule) => rule.fails(findings)).map((rule) => (rule.needsAllText && findings.textUnread ? unread : rule.reason));
  const reasons: VerificationReason[] = [...new Set(failed)].map(verificationReason);
  return reasons.length === 0 ? { decision: 'verified', reasons } : { decision: 'failed', reasons };
}
