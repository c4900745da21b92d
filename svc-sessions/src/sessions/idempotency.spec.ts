import { createHmac } from 'node:crypto';
import { IdempotencyKeys } from './idempotency';

const SECRET = 'a-server-secret-of-at-least-32-characters';
const KEY = 'b1c0f3de-2f8b-4a51-9a51-6a2f4e0c7d11';

describe("IdempotencyKeys: what a key makes is the server's to compute", () => {
  const keys = new IdempotencyKeys({ SESSIONS_SECRET: SECRET });

  it('makes the same session, tokens and digest for the same key again', () => {
    const again = new IdempotencyKeys({ SESSIONS_SECRET: SECRET });
    expect(again.session(KEY, 3)).toEqual(keys.session(KEY, 3));
    expect(again.claimToken(KEY, 'p1')).toBe(keys.claimToken(KEY, 'p1'));
    expect(again.digest(KEY)).toBe(keys.digest(KEY));
  });

  it('makes other values under another secret: the key alone computes nothing', () => {
    const other = new IdempotencyKeys({ SESSIONS_SECRET: 'another-server-secret-of-32-characters!' });
    expect(other.session(KEY, 2).initiatorToken).not.toBe(keys.session(KEY, 2).initiatorToken);
    expect(other.claimToken(KEY, 'p1')).not.toBe(keys.claimToken(KEY, 'p1'));
    // What the derivation was before: HMAC keyed with the client's own key, computable by the client.
    const fromKeyAlone = createHmac('sha256', KEY).update('initiator-token').digest().toString('base64url');
    expect(keys.session(KEY, 2).initiatorToken).not.toBe(fromKeyAlone);
  });

  it('makes distinct values for each purpose, place and key', () => {
    const session = keys.session(KEY, 3);
    expect(new Set([session.initiatorToken, ...session.participantIds, keys.claimToken(KEY, session.participantIds[1])]).size).toBe(5);
    expect(keys.claimToken(KEY, 'p1')).not.toBe(keys.claimToken(KEY, 'p2'));
    expect(keys.digest(KEY)).not.toBe(keys.digest(`${KEY}x`));
    expect(session.sessionId).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
  });
});
