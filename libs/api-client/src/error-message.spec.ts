import { ApiCallError } from './api-error';
import { commonErrorKey, sharedErrorKey } from './error-message';

describe('what a failed call says', () => {
  it('words the codes every screen shares from one table, in the claim namespace every claiming remote registers', () => {
    expect(sharedErrorKey(new ApiCallError('email_mismatch', 403, 'x'))).toBe('claim:emailMismatch');
    expect(sharedErrorKey(new ApiCallError('place_locked', 423, 'x'))).toBe('claim:placeLocked');
    expect(sharedErrorKey(new ApiCallError('participant_already_claimed', 409, 'x'))).toBe('claim:alreadyClaimed');
    expect(sharedErrorKey(new ApiCallError('session_full', 409, 'x'))).toBe('claim:full');
    expect(sharedErrorKey(new ApiCallError('invalid_token', 403, 'x'))).toBeUndefined();
    expect(sharedErrorKey(new Error('x'))).toBeUndefined();
  });

  it('falls back by kind: unreachable, the server, anything else', () => {
    expect(commonErrorKey(new ApiCallError('email_mismatch', 403, 'x'))).toBe('claim:emailMismatch');
    expect(commonErrorKey(new ApiCallError('network', 0, 'x'))).toBe('common:errors.network');
    expect(commonErrorKey(new ApiCallError('service_unavailable', 503, 'x'))).toBe('common:errors.server');
    expect(commonErrorKey(new ApiCallError('invalid_token', 403, 'x'))).toBe('common:errors.generic');
    expect(commonErrorKey('boom')).toBe('common:errors.generic');
  });
});
