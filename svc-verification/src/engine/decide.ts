import { type VerificationReason, type VerificationReasonCode, verificationReason } from '@idv/contracts';
import type { VerificationOutcome } from './verification-engine';

/** The outcome of a set of failed checks: verified when none failed. */
export function decide(failed: VerificationReasonCode[]): VerificationOutcome {
  const reasons: VerificationReason[] = [...new Set(failed)].map(verificationReason);
  return reasons.length === 0 ? { decision: 'verified', reasons } : { decision: 'failed', reasons };
}
