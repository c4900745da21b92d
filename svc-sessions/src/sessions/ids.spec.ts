import { isParticipantId, isSessionId, isSessionToken } from '@idv/contracts';
import { hashToken, newParticipantId, newSessionId, newToken, tokenMatches } from './ids';

describe('ids and tokens', () => {
  it('makes session ids of 12 Crockford base32 characters, all different', () => {
    const ids = new Set(Array.from({ length: 2000 }, newSessionId));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(isSessionId(id)).toBe(true);
  });

  it('makes participant ids and tokens of the documented shapes', () => {
    expect(isParticipantId(newParticipantId())).toBe(true);
    expect(isSessionToken(newToken())).toBe(true);
  });

  it('matches a token only against its own hash', () => {
    const token = newToken();
    expect(tokenMatches(token, hashToken(token))).toBe(true);
    expect(tokenMatches(newToken(), hashToken(token))).toBe(false);
    expect(tokenMatches(undefined, hashToken(token))).toBe(false);
    expect(tokenMatches(token, null)).toBe(false);
  });
});
