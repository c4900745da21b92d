import { type BeginVerificationReply, SUBJECTS, type SessionView, type VerificationReasonCode } from '@idv/contracts';
import { TestClock, publishStatusEvent, waitFor, sessionsForSuite, statusEvent } from '../testing/sessions-harness';

const S = SUBJECTS.sessions;

/** Trying again in the same session after a retryable failure, up to VERIFICATION_MAX_ATTEMPTS (3). */
describe('retries (integration)', () => {
  const clock = new TestClock();
  const h = sessionsForSuite('sessions_retries', { clock });

  /** Bo has claimed his place; `submit()` is his submission through svc-verification's subject. */
  async function boInASession() {
    const { session, bo, boToken: participantToken } = await h.withBoClaimed();
    const command = { sessionId: session._id, participantId: bo._id, token: participantToken };
    const read = async () => (await h.send<SessionView>(S.get, { sessionId: session._id })).participants[1];
    const readSession = () => h.send<SessionView>(S.get, { sessionId: session._id });
    return {
      sessionId: session._id,
      participantId: bo._id,
      submit: () => h.send<BeginVerificationReply>(S.beginVerification, command),
      submitError: () => h.sendError(S.beginVerification, command),
      read,
      readSession,
    };
  }

  const result = (sessionId: string, participantId: string, attempt: number, reason?: VerificationReasonCode) =>
    publishStatusEvent(h.nats, statusEvent({ sessionId, participantId }, { reason, attempt, decidedAt: clock.now().toISOString() }));

  it('after a retryable failure the same participant submits again: attempt 2, the session back in progress', async () => {
    const bo = await boInASession();
    expect(await bo.read()).toMatchObject({ status: 'pending', attempt: 0, attemptsLeft: 3 });
    expect(await bo.submit()).toMatchObject({ accepted: true, attempt: 1 });
    await result(bo.sessionId, bo.participantId, 1, 'face_mismatch');
    expect(await waitFor(bo.read, (p) => p.status === 'failed')).toMatchObject({ status: 'failed', attempt: 1, attemptsLeft: 2 });

    expect(await bo.submit()).toMatchObject({ accepted: true, attempt: 2 });
    const session = await waitFor(bo.readSession, (s) => s.participants[1].status === 'submitted');
    expect(session.participants[1]).toMatchObject({ status: 'submitted', attempt: 2, attemptsLeft: 1 });
    expect(session.participants[1].result).toBeUndefined();
    expect(session.status).toBe('in_progress');

    await result(bo.sessionId, bo.participantId, 2);
    expect(await waitFor(bo.read, (p) => p.status === 'verified')).toMatchObject({ status: 'verified', attempt: 2 });
    expect(await bo.submitError()).toMatchObject({ code: 'already_submitted' });
  });

  it('a result of an older attempt never lands on a newer one', async () => {
    const bo = await boInASession();
    await bo.submit();
    await result(bo.sessionId, bo.participantId, 1, 'document_unreadable');
    await waitFor(bo.read, (p) => p.status === 'failed');
    await bo.submit();
    // Attempt 1's result again (a redelivery, or a slow instance) and a verdict for it: ignored.
    await result(bo.sessionId, bo.participantId, 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await bo.read()).toMatchObject({ status: 'submitted', attempt: 2 });
    await result(bo.sessionId, bo.participantId, 2, 'name_mismatch');
    expect(await waitFor(bo.read, (p) => p.status === 'failed')).toMatchObject({ attempt: 2, result: { reasons: [{ code: 'name_mismatch' }] } });
  });

  it('three attempts in all, then 409 attempts_exhausted; a final reason offers no retry', async () => {
    const bo = await boInASession();
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await bo.submit()).toMatchObject({ attempt });
      await result(bo.sessionId, bo.participantId, attempt, 'face_mismatch');
      await waitFor(bo.read, (p) => p.status === 'failed' && p.attempt === attempt);
    }
    expect(await bo.read()).toMatchObject({ status: 'failed', attempt: 3, attemptsLeft: 0 });
    expect(await bo.submitError()).toMatchObject({ code: 'attempts_exhausted' });

    const expired = await boInASession();
    await expired.submit();
    await result(expired.sessionId, expired.participantId, 1, 'document_expired');
    await waitFor(expired.read, (p) => p.status === 'failed');
    expect(await expired.submitError()).toMatchObject({ code: 'not_retryable' });
  });

  it('concurrent retries of one participant: exactly one wins each attempt, and never more than three in all', async () => {
    const bo = await boInASession();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answers = await Promise.allSettled(Array.from({ length: 8 }, () => bo.submit()));
      const accepted = answers.filter((a) => a.status === 'fulfilled');
      if (attempt <= 3) {
        expect(accepted).toHaveLength(1);
        expect((accepted[0] as PromiseFulfilledResult<BeginVerificationReply>).value.attempt).toBe(attempt);
        for (const refused of answers.filter((a) => a.status === 'rejected')) {
          expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'already_submitted' });
        }
        await result(bo.sessionId, bo.participantId, attempt, 'no_face_in_selfie');
        await waitFor(bo.read, (p) => p.status === 'failed' && p.attempt === attempt);
      } else {
        expect(accepted).toHaveLength(0);
        for (const refused of answers) expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'attempts_exhausted' });
      }
    }
    expect(await h.transitions.countDocuments({ _id: { $regex: `^respond:${bo.participantId}` } })).toBe(3);
  });

  it('each attempt has its own deadline: a retried check that never reports ends check_timeout and may be tried again', async () => {
    const bo = await boInASession();
    await bo.submit();
    await result(bo.sessionId, bo.participantId, 1, 'face_mismatch');
    await waitFor(bo.read, (p) => p.status === 'failed');
    await bo.submit();
    clock.advance(90_001);
    expect(await waitFor(bo.read, (p) => p.status === 'failed')).toMatchObject({ attempt: 2, result: { reasons: [{ code: 'check_timeout' }] } });
    expect(await bo.submit()).toMatchObject({ attempt: 3 });
  });
});
