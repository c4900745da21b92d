import { IDEMPOTENCY_KEY_PATTERN } from '@idv/contracts/catalogue';
import { scopedIdempotencyKey } from './idempotency-scope';

const KEY = 'b1c0f3de-2f8b-4a51-9a51-6a2f4e0c7d11';
const CREATE = 'POST /api/sessions';
const server = { kind: 'server', name: 'crm' } as const;
const browser = { kind: 'browser' } as const;

describe('scopedIdempotencyKey: a key answers only its own caller and route', () => {
  it('is the same for the same caller, route and key: a repeat still gets its first outcome', () => {
    expect(scopedIdempotencyKey(KEY, server, '10.0.0.1', CREATE)).toBe(scopedIdempotencyKey(KEY, server, '10.0.0.1', CREATE));
    expect(scopedIdempotencyKey(KEY, browser, '10.0.0.1', CREATE)).toBe(scopedIdempotencyKey(KEY, browser, '10.0.0.1', CREATE));
  });

  it('follows a secret-key client across addresses, and tells it from other clients and from browsers', () => {
    expect(scopedIdempotencyKey(KEY, server, '10.0.0.1', CREATE)).toBe(scopedIdempotencyKey(KEY, server, '192.0.2.7', CREATE));
    const scoped = new Set([
      scopedIdempotencyKey(KEY, server, '10.0.0.1', CREATE),
      scopedIdempotencyKey(KEY, { kind: 'server', name: 'billing' }, '10.0.0.1', CREATE),
      scopedIdempotencyKey(KEY, browser, '10.0.0.1', CREATE),
      scopedIdempotencyKey(KEY, browser, '10.0.0.2', CREATE),
      scopedIdempotencyKey(KEY, server, '10.0.0.1', 'POST /api/sessions/:sessionId/participants/:participantId/claim'),
    ]);
    expect(scoped.size).toBe(5);
  });

  it('is itself a well-formed key, and does not carry the client key', () => {
    const scoped = scopedIdempotencyKey(KEY, browser, '10.0.0.1', CREATE);
    expect(scoped).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(scoped).not.toContain(KEY);
  });
});
