import { ApiCallError } from '@idv/api-client';
import { submitOutcome } from './submit-error';

describe('submitOutcome', () => {
  it('goes to results, silently, when the session was cancelled', () => {
    expect(submitOutcome(new ApiCallError('session_cancelled', 403, 'Session has been cancelled'))).toEqual({ kind: 'go', to: 'results' });
  });
  it('goes to waiting when this participant already submitted', () => {
    expect(submitOutcome(new ApiCallError('already_submitted', 409, 'x'))).toEqual({ kind: 'go', to: 'waiting' });
    expect(submitOutcome(new ApiCallError('attempts_exhausted', 409, 'x'))).toEqual({ kind: 'go', to: 'results' });
    expect(submitOutcome(new ApiCallError('not_retryable', 409, 'x'))).toEqual({ kind: 'go', to: 'results' });
    expect(submitOutcome(new ApiCallError('terms_not_accepted', 403, 'x'))).toEqual({ kind: 'go', to: 'invite' });
  });
  it('says the place moved when a handoff moved it to another device', () => {
    expect(submitOutcome(new ApiCallError('place_moved', 403, 'x'))).toEqual({ kind: 'moved' });
  });
  it.each([
    [new ApiCallError('network', 0, 'x'), 'verify.submitNetwork'],
    [new ApiCallError('timeout', 0, 'x'), 'verify.submitTimeout'],
    [new ApiCallError('service_timeout', 504, 'x'), 'verify.submitTimeout'],
    [new ApiCallError('image_too_large', 422, 'x'), 'verify.fileTooLarge'],
    [new ApiCallError('unsupported_image_type', 415, 'x'), 'verify.invalidType'],
    [new ApiCallError('image_unreadable', 422, 'x'), 'verify.unreadableImage'],
    [new ApiCallError('verification_busy', 503, 'x'), 'verify.submitBusy'],
    [new ApiCallError('invalid_token', 403, 'x'), 'verify.submitFailed'],
    [new Error('boom'), 'verify.submitFailed'],
  ])('%s -> %s', (error, key) => {
    expect(submitOutcome(error)).toEqual({ kind: 'message', key });
  });
  it('asks for the selfie again when its head-turn challenge expired or was for an attempt already made', () => {
    expect(submitOutcome(new ApiCallError('liveness_challenge_invalid', 410, 'x'))).toEqual({ kind: 'retake', key: 'verify.livenessExpired' });
    expect(submitOutcome(new ApiCallError('liveness_capture_required', 422, 'x'))).toEqual({ kind: 'retake', key: 'verify.livenessCameraNeeded' });
    expect(submitOutcome(new ApiCallError('liveness_capture_invalid', 422, 'x'))).toEqual({ kind: 'retake', key: 'verify.livenessCameraNeeded' });
  });

  it('puts a name refused by the server on the name field, by the code of the rule it broke', () => {
    const invalid = new ApiCallError(
      'validation_failed',
      400,
      'x',
      { realName: 'Please enter a valid name (2-50 characters)' },
      { realName: 'real_name_invalid' },
    );
    expect(submitOutcome(invalid)).toEqual({ kind: 'name', key: 'verify.realNameInvalid' });
    // The words do not decide: a message that reads otherwise, with the same code, is the same error.
    const reworded = new ApiCallError('validation_failed', 400, 'x', { realName: 'Name not accepted' }, { realName: 'real_name_invalid' });
    expect(submitOutcome(reworded)).toEqual({ kind: 'name', key: 'verify.realNameInvalid' });
    const missing = new ApiCallError('validation_failed', 400, 'x', { realName: 'Please enter your full legal name' });
    expect(submitOutcome(missing)).toEqual({ kind: 'name', key: 'verify.realNameRequired' });
  });
});
