import { type CreateSessionResponse, SUBJECTS, type SessionView, type VerificationStatusEvent } from '@idv/contracts';
import { randomUUID } from 'node:crypto';
import { JSONCodec } from 'nats';
import { type SessionsHarness, TestClock, publishStatusEvent, twoPeople, waitFor, sessionsForSuite, statusEvent } from '../testing/sessions-harness';

const S = SUBJECTS.sessions;
const body = twoPeople();

describe('verification status events from JetStream (integration)', () => {
  const clock = new TestClock();
  const h = sessionsForSuite('sessions_events', { clock });
  const publish = (event: VerificationStatusEvent) => publishStatusEvent(h.nats, event);

  /** A session in which both have submitted. */
  async function submittedSession(harness: SessionsHarness) {
    const { session, initiatorToken, bo, boToken: participantToken } = await harness.withBoClaimed(body);
    const ana = session.participants[0];
    await harness.send(S.beginVerification, { sessionId: session._id, participantId: ana._id, token: initiatorToken });
    await harness.send(S.beginVerification, { sessionId: session._id, participantId: bo._id, token: participantToken });
    return { sessionId: session._id, ana, bo };
  }

  const event = (sessionId: string, participantId: string, decision: 'verified' | 'failed'): VerificationStatusEvent =>
    statusEvent({ sessionId, participantId }, { reason: decision === 'failed' ? 'face_mismatch' : undefined, decidedAt: new Date().toISOString() });

  it('applies results; a session with both verified is completed', async () => {
    const { sessionId, ana, bo } = await submittedSession(h);
    await publish(event(sessionId, ana._id, 'verified'));
    await publish(event(sessionId, bo._id, 'verified'));
    const session = await waitFor(
      () => h.send<SessionView>(S.get, { sessionId }),
      (s) => s.status === 'completed',
    );
    expect(session.status).toBe('completed');
    expect(session.participants.map((p) => [p.status, p.result?.reasons])).toEqual([
      ['verified', []],
      ['verified', []],
    ]);
  });

  it('applies a duplicate event once, and never moves a final status back', async () => {
    const { sessionId, ana, bo } = await submittedSession(h);
    const failed = event(sessionId, bo._id, 'failed');
    await publish(failed);
    await publish({ ...failed, eventId: randomUUID() });
    await publish(event(sessionId, ana._id, 'verified'));
    let session = await waitFor(
      () => h.send<SessionView>(S.get, { sessionId }),
      (s) => s.status === 'failed',
    );
    expect(session.participants[1]).toMatchObject({ status: 'failed', result: { reasons: [{ code: 'face_mismatch', retryable: true }] } });
    // A later contradicting event changes nothing.
    await publish(event(sessionId, bo._id, 'verified'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    session = await h.send<SessionView>(S.get, { sessionId });
    expect(session.participants[1].status).toBe('failed');
    expect(session.status).toBe('failed');
  });

  it('a result arriving after the session was cancelled does not land: the participant stays cancelled', async () => {
    const { session, initiatorToken } = await h.send<CreateSessionResponse>(S.create, body);
    const [ana, bo] = session.participants;
    await h.send(S.beginVerification, { sessionId: session._id, participantId: ana._id, token: initiatorToken });
    await h.send(S.cancel, { sessionId: session._id, token: initiatorToken, initiatorId: ana._id, reason: 'Plans changed' });
    await publish(event(session._id, ana._id, 'verified'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await h.send<SessionView>(S.get, { sessionId: session._id });
    expect(after.status).toBe('cancelled');
    expect(after.participants.map((p) => [p.status, p.result])).toEqual([
      ['cancelled', undefined],
      ['cancelled', undefined],
    ]);
    expect(bo._id).toBeDefined();
  });

  it('applies events published while svc-sessions was stopped, once it is back', async () => {
    const { sessionId, ana, bo } = await submittedSession(h);
    await h.close();
    await publish(event(sessionId, ana._id, 'verified'));
    await publish(event(sessionId, bo._id, 'failed'));
    await h.restart();
    const session = await waitFor(
      () => h.send<SessionView>(S.get, { sessionId }),
      (s) => s.status === 'failed',
    );
    expect(session.participants.map((p) => p.status)).toEqual(['verified', 'failed']);
  });

  it('drops a malformed event without stopping the consumer', async () => {
    await h.nats.jetstream().publish(SUBJECTS.events.verificationStatus, JSONCodec().encode({ sessionId: { $gt: '' }, decision: 'verified' }));
    const { sessionId, ana } = await submittedSession(h);
    await publish(event(sessionId, ana._id, 'verified'));
    const session = await waitFor(
      () => h.send<SessionView>(S.get, { sessionId }),
      (s) => s.participants[0].status === 'verified',
    );
    expect(session.participants[0].status).toBe('verified');
  });
});
