import { Injectable } from '@nestjs/common';
import { verificationReason } from '@idv/contracts';
import { VerificationEngine, type VerificationOutcome } from './verification-engine';

/**
 * The engine until the AI document, name and face checks are built: it fails closed, so no
 * one is ever verified without checks, and no participant is left waiting in `submitted`.
 */
@Injectable()
export class ChecksUnavailableEngine extends VerificationEngine {
  async verify(): Promise<VerificationOutcome> {
    return { decision: 'failed', reasons: [verificationReason('check_failed')] };
  }
}
