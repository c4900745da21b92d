import { SUBJECTS } from '../subjects';
import { validateRequest } from './field-errors';
import { MALFORMED_TOKEN } from './id-fields';
import { EVENT_CATALOGUE, RPC_CATALOGUE } from './message-catalogue';

const token = 'T'.repeat(43);
const participantId = 'A'.repeat(22);
const request = (subject: keyof typeof RPC_CATALOGUE, payload: unknown) => validateRequest(RPC_CATALOGUE[subject].request, payload);

describe('the message catalogue', () => {
  it('has a request and a reply schema for every request/reply subject', () => {
    const subjects = [...Object.values(SUBJECTS.sessions), ...Object.values(SUBJECTS.verification)];
    expect(Object.keys(RPC_CATALOGUE).sort()).toEqual(subjects.sort());
    expect(Object.keys(EVENT_CATALOGUE).sort()).toEqual(Object.values(SUBJECTS.events).sort());
  });

  it('normalises a session code as typed and keeps a well-formed token', () => {
    expect(request(SUBJECTS.sessions.get, { sessionId: '7q2x-9t4k-owlm', token })).toEqual({ ok: true, value: { sessionId: '7Q2X9T4K0W1M', token } });
  });

  it('treats a malformed token like a wrong one, and an empty one like none', () => {
    expect(request(SUBJECTS.sessions.get, { sessionId: '7Q2X9T4K0W1M', token: 'x' })).toMatchObject({ ok: true, value: { token: MALFORMED_TOKEN } });
    expect(request(SUBJECTS.sessions.get, { sessionId: '7Q2X9T4K0W1M', token: '' })).toEqual({
      ok: true,
      value: { sessionId: '7Q2X9T4K0W1M', token: undefined },
    });
  });

  it('answers invalid_token, not a validation error, when an action that needs a token has none', () => {
    expect(request(SUBJECTS.sessions.decline, { sessionId: '7Q2X9T4K0W1M', participantId })).toEqual({
      ok: false,
      code: 'invalid_token',
      fields: { token: 'A session token (x-session-token) is required' },
    });
  });

  it('refuses a bad id with the field named, and drops fields a subject does not define', () => {
    expect(request(SUBJECTS.sessions.place, { sessionId: 'nope', participantId: 'x', token })).toEqual({
      ok: false,
      fields: { sessionId: 'Invalid session code. Please check and try again.', participantId: 'participantId must be a participant id' },
    });
    expect(request(SUBJECTS.sessions.place, { sessionId: '7Q2X9T4K0W1M', participantId, token, tokenHash: 'x' })).toEqual({
      ok: true,
      value: { sessionId: '7Q2X9T4K0W1M', participantId, token },
    });
  });
});

describe('the verification status event', () => {
  const schema = EVENT_CATALOGUE[SUBJECTS.events.verificationStatus];
  const event = {
    eventId: 'e-1',
    sessionId: '7Q2X9T4K0W1M',
    participantId,
    decision: 'failed',
    reasons: [{ code: 'face_mismatch', retryable: false }],
    decidedAt: '2026-11-23T10:00:00.000Z',
  };

  it('takes whether a reason is retryable from the table, not from the sender, and counts a missing attempt as the first', () => {
    expect(schema.parse(event)).toEqual({ ...event, reasons: [{ code: 'face_mismatch', retryable: true }], attempt: 1 });
  });

  it('refuses a decision that contradicts its reasons, an unknown reason and a bad date', () => {
    expect(schema.safeParse({ ...event, decision: 'verified' }).success).toBe(false);
    expect(schema.safeParse({ ...event, reasons: [] }).success).toBe(false);
    expect(schema.safeParse({ ...event, reasons: [{ code: 'date_of_birth_was_1990', retryable: true }] }).success).toBe(false);
    expect(schema.safeParse({ ...event, decidedAt: 'yesterday' }).success).toBe(false);
    expect(schema.safeParse({ ...event, attempt: 0 }).success).toBe(false);
  });
});
