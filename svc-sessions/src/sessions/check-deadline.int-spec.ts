import { SUBJECTS, type SessionView } from '@idv/contracts';
import { TestClock, publishStatusEvent, waitFor, sessionsForSuite, statusEvent } from '../testing/sessions-harness';

const S = SUBJECTS.sessions;
const DEADLINE_MS = 60_000;

/**
 * A check whose instance dies (or whose result is lost) must not leave its participant `submitted`
 * for ever: svc-sessions decides it at the deadline, from what is stored, whatever was restarted.
 */
describe('the deadline of a check (integration)', () => {
  const clock = new TestClock();
  const h = sessionsForSuite('sessions_deadline', { clock, checkDeadlineMs: DEADLINE_MS });

  /** A session whose invited participant has submitted; nothing will ever report on the check. */
  async function submittedSession() {
    const { session, bo, boToken: participantToken } = await h.withBoClaimed();
    await h.send(S.beginVerification, { sessionId: session._id, participantId: bo._id, token: participantToken });
    const read = async () => (await h.send<SessionView>(S.get, { sessionId: session._id })).participants[1];
    return { sessionId: session._id, participantId: bo._id, read };
  }

  const publishResult = (sessionId: string, participantId: string) =>
    publishStatusEvent(h.nats, statusEvent({ sessionId, participantId }, { decidedAt: clock.now().toISOString() }));

  it('a check with no result by its deadline ends failed with check_timeout (retryable), dated at the deadline', async () => {
    const { read } = await submittedSession();
    const submittedAt = clock.now().getTime();
    clock.advance(DEADLINE_MS - 1000);
    expect((await read()).status).toBe('submitted');
    clock.advance(2000);
    // The cached view may be up to its TTL old; the deadline is recorded by the first read of the database.
    const participant = await waitFor(read, (p) => p.status !== 'submitted');
    expect(participant.status).toBe('failed');
    expect(participant.result?.reasons).toEqual([{ code: 'check_timeout', retryable: true }]);
    expect(new Date(participant.result!.decidedAt).getTime()).toBe(submittedAt + DEADLINE_MS);
  });

  it('a result that arrives after the deadline is ignored; one recorded before it stands', async () => {
    const late = await submittedSession();
    const inTime = await submittedSession();
    await publishResult(inTime.sessionId, inTime.participantId);
    expect((await waitFor(inTime.read, (p) => p.status === 'verified')).status).toBe('verified');

    clock.advance(DEADLINE_MS + 1);
    await publishResult(late.sessionId, late.participantId);
    // The late result is consumed (and refused): give it time to land if it were going to.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await late.read()).toMatchObject({ status: 'failed', result: { reasons: [{ code: 'check_timeout' }] } });
    expect((await inTime.read()).status).toBe('verified');
  });

  it('a result decided before the deadline is kept when it reaches svc-sessions after it (the database away, the service down)', async () => {
    const { read, sessionId, participantId } = await submittedSession();
    const decidedAt = new Date(clock.now().getTime() + 5000).toISOString();
    // Decided within seconds, held in JetStream while svc-sessions could not write it, applied well past the deadline.
    clock.advance(DEADLINE_MS + 60_000);
    await publishStatusEvent(h.nats, statusEvent({ sessionId, participantId }, { decidedAt }));
    const participant = await waitFor(read, (p) => p.status !== 'submitted');
    expect(participant).toMatchObject({ status: 'verified', result: { decidedAt, reasons: [] } });
  });

  it('holds across a restart of svc-sessions: the deadline comes from what is stored, not from a timer', async () => {
    const { read, sessionId, participantId } = await submittedSession();
    await h.close();
    clock.advance(DEADLINE_MS);
    await h.restart();
    expect((await read()).status).toBe('failed');
    // Recorded once, as the decision: a result now changes nothing.
    const decision = await h.transitions.findById(`decide:${participantId}`).lean();
    expect(decision).toMatchObject({ sessionId, to: 'failed' });
  });
});
