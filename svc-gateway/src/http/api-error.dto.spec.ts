import { ERROR_CODES, ERROR_HTTP_STATUS } from '@idv/contracts';
import { statusDescription } from './api-error.dto';

describe('statusDescription', () => {
  it('names every code the gateway answers with that status, and no other', () => {
    for (const code of ERROR_CODES) {
      const status = ERROR_HTTP_STATUS[code];
      expect(statusDescription(status)).toContain(`${code}: `);
      for (const other of ERROR_CODES.filter((c) => ERROR_HTTP_STATUS[c] !== status))
        expect(statusDescription(status)).not.toMatch(new RegExp(`(^|; )${other}: `));
    }
  });

  it('says what the codes of a status mean', () => {
    expect(statusDescription(403)).toContain('place_released: the token held this place until the initiator released it');
    expect(statusDescription(409)).toContain('cannot_release: ');
    expect(statusDescription(409)).toContain('idempotency_key_reused: ');
  });
});
