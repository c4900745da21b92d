import { PARTS_TO_GIVE_AGAIN, VERIFICATION_REASONS, type VerificationReasonCode, partsToGiveAgain } from './verification-reasons';

describe('partsToGiveAgain', () => {
  it('asks again only for what failed', () => {
    expect(partsToGiveAgain(['name_mismatch'])).toEqual(['name']);
    expect(partsToGiveAgain(['document_unreadable', 'mrz_invalid'])).toEqual(['documents']);
    expect(partsToGiveAgain(['face_mismatch', 'name_mismatch'])).toEqual(['selfie', 'name']);
  });

  it('asks for nothing when the machine failed, not the person', () => {
    expect(partsToGiveAgain(['check_timeout', 'service_busy', 'check_failed'])).toEqual([]);
  });

  it('asks for something after every retryable failure the person caused, and for nothing after one that cannot be retried', () => {
    const machine: VerificationReasonCode[] = ['check_failed', 'check_timeout', 'service_busy'];
    for (const [code, { retryable }] of Object.entries(VERIFICATION_REASONS) as [VerificationReasonCode, { retryable: boolean }][]) {
      if (!retryable) expect(PARTS_TO_GIVE_AGAIN[code]).toEqual([]);
      else if (!machine.includes(code)) expect(PARTS_TO_GIVE_AGAIN[code].length).toBeGreaterThan(0);
    }
  });
});
