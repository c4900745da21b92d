import { type BeginVerificationReply, type ClaimParticipantResponse, type CreateSessionResponse, SUBJECTS, type SessionView } from '@idv/contracts';
import { TestClock, twoPeople, sessionsForSuite } from '../testing/sessions-harness';

const S = SUBJECTS.sessions;
const key = (label: string) => `${label}-${Math.random().toString(36).slice(2)}-idempotency`;

describe('Idempotency-Key: a repeated change gets its first outcome (integration)', () => {
  const h = sessionsForSuite('sessions_idempotency', { clock: new TestClock(new Date()) });

  it('create: the same session and initiator token again; another request with the key is refused and writes nothing', async () => {
    const k = key('create');
    const first = await h.send<CreateSessionResponse>(S.create, { ...twoPeople(), idempotencyKey: k });
    const again = await h.send<CreateSessionResponse>(S.create, { ...twoPeople(), idempotencyKey: k });
    expect(again.session._id).toBe(first.session._id);
    expect(again.initiatorToken).toBe(first.initiatorToken);
    expect(again.session.participants.map((p) => p._id)).toEqual(first.session.participants.map((p) => p._id));

    const reused = await h.sendError(S.create, { ...twoPeople('Another purpose'), idempotencyKey: k });
    expect(reused.code).toBe('idempotency_key_reused');
    const stored = await h.send<SessionView>(S.get, { sessionId: first.session._id, token: first.initiatorToken });
    expect(stored.purpose).toBe(first.session.purpose);

    // Without a key, two creates are two sessions.
    const [a, b] = await Promise.all([h.send<CreateSessionResponse>(S.create, twoPeople()), h.send<CreateSessionResponse>(S.create, twoPeople())]);
    expect(a.session._id).not.toBe(b.session._id);
  });

  it('claim: ten calls at once with one key all get the one token; another key finds the place taken', async () => {
    const { session } = await h.send<CreateSessionResponse>(S.create, twoPeople());
    const bo = session.participants[1];
    const k = key('claim');
    const claim = (idempotencyKey: string) => ({ sessionId: session._id, participantId: bo._id, email: bo.email, termsAccepted: true, idempotencyKey });
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.send<ClaimParticipantResponse>(S.claim, claim(k))));
    expect(new Set(answers.map((a) => a.participantToken)).size).toBe(1);
    // The token works: it declines the place.
    const declined = await h.send<SessionView>(S.decline, { sessionId: session._id, participantId: bo._id, token: answers[0].participantToken });
    expect(declined.participants[1].status).toBe('declined');

    expect((await h.sendError(S.claim, claim(key('other')))).code).toBe('participant_not_pending');
  });

  it('claim: the key again with another body is 409 idempotency_key_reused, and changes nothing; the same body (the address in any case) is a repeat', async () => {
    const { session } = await h.send<CreateSessionResponse>(S.create, twoPeople());
    const bo = session.participants[1];
    const k = key('claim-body');
    const claim = (body: { email: string; termsAccepted: boolean }) => ({ sessionId: session._id, participantId: bo._id, idempotencyKey: k, ...body });
    const first = await h.send<ClaimParticipantResponse>(S.claim, claim({ email: bo.email, termsAccepted: false }));
    expect(await h.sendError(S.claim, claim({ email: bo.email, termsAccepted: true }))).toMatchObject({ code: 'idempotency_key_reused' });
    // No consent was recorded by the refused call: the place still cannot submit.
    expect((await h.sendError(S.beginVerification, { sessionId: session._id, participantId: bo._id, token: first.participantToken })).code).toBe(
      'terms_not_accepted',
    );
    const again = await h.send<ClaimParticipantResponse>(S.claim, claim({ email: ` ${bo.email.toUpperCase()} `, termsAccepted: false }));
    expect(again.participantToken).toBe(first.participantToken);
  });

  it('decline: repeated with its key, the same answer; repeated without it, 409 as before', async () => {
    const { session } = await h.send<CreateSessionResponse>(S.create, twoPeople());
    const bo = session.participants[1];
    const { participantToken } = await h.send<ClaimParticipantResponse>(S.claim, {
      sessionId: session._id,
      participantId: bo._id,
      email: bo.email,
      termsAccepted: false,
    });
    const decline = { sessionId: session._id, participantId: bo._id, token: participantToken, idempotencyKey: key('decline') };
    const [first, second] = await Promise.all([h.send<SessionView>(S.decline, decline), h.send<SessionView>(S.decline, decline)]);
    expect(first.participants[1].status).toBe('declined');
    expect(second.participants[1].status).toBe('declined');
    expect((await h.sendError(S.decline, { ...decline, idempotencyKey: undefined })).code).toBe('participant_not_pending');
  });

  it('submission: repeated with its key, accepted again as a repeat (no second check); with another key, 409', async () => {
    const { session, bo, boToken: participantToken } = await h.withBoClaimed();
    const begin = { sessionId: session._id, participantId: bo._id, token: participantToken, idempotencyKey: key('submit') };
    const first = await h.send<BeginVerificationReply>(S.beginVerification, begin);
    expect(first).toMatchObject({ accepted: true, attempt: 1 });
    expect(first.repeated).toBeUndefined();
    const again = await h.send<BeginVerificationReply>(S.beginVerification, begin);
    expect(again).toMatchObject({ accepted: true, repeated: true, attempt: 1 });
    expect((await h.sendError(S.beginVerification, { ...begin, idempotencyKey: key('another') })).code).toBe('already_submitted');
  });

  it('refuses a malformed key before anything is written', async () => {
    const error = await h.sendError(S.create, { ...twoPeople(), idempotencyKey: 'short' });
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toHaveProperty('idempotencyKey');
  });
});
