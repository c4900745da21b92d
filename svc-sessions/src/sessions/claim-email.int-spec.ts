import { type ClaimParticipantResponse, type CreateSessionResponse, SUBJECTS, type SessionView } from '@idv/contracts';
import { type SessionsHarness, TestClock, startSessions, twoPeople, uniqueDatabaseUri, waitFor } from '../testing/sessions-harness';

const S = SUBJECTS.sessions;
const HOUR_MS = 60 * 60 * 1000;

/**
 * A place belongs to the person invited to it: the join code alone does not give it away. Claiming an
 * unclaimed place needs the e-mail address the initiator entered for it; a few wrong ones lock the
 * place for the rest of the hour, and everyone (the initiator too) sees until when.
 */
describe('claiming a place with its e-mail address (integration)', () => {
  // At the start of an hour: the lock window is the clock's hour.
  const clock = new TestClock(new Date('2026-11-22T12:00:00Z'));
  let h: SessionsHarness;

  beforeAll(async () => {
    h = await startSessions({ databaseUri: uniqueDatabaseUri('sessions_claim_email'), clock });
  });

  afterAll(async () => {
    await h?.close();
  });

  async function invitation() {
    const { session, initiatorToken } = await h.send<CreateSessionResponse>(S.create, twoPeople());
    const bo = session.participants[1];
    const claim = (email?: string, termsAccepted = true) => ({ sessionId: session._id, participantId: bo._id, termsAccepted, ...(email === undefined ? {} : { email }) });
    const read = (token?: string) => h.send<SessionView>(S.get, { sessionId: session._id, token });
    return { session, initiatorToken, bo, claim, read };
  }

  it('gives the place for its address, in any case and with spaces around it', async () => {
    const { claim, read } = await invitation();
    const { participantToken } = await h.send<ClaimParticipantResponse>(S.claim, claim('  BO@Example.COM '));
    expect(participantToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await waitFor(read, (s) => s.participants[1].claimed)).participants[1].claimLockedUntil).toBeUndefined();
  });

  it('refuses a claim without an address, or with another one, and gives nothing away', async () => {
    const { claim, read } = await invitation();
    expect(await h.sendError(S.claim, claim())).toMatchObject({ code: 'validation_failed', fields: { email: expect.stringContaining('e-mail address') } });
    expect(await h.sendError(S.claim, claim('ana@example.com'))).toMatchObject({ code: 'email_mismatch' });
    // Declining is a claim too: a stranger cannot decline someone else's invitation.
    expect(await h.sendError(S.claim, claim('stranger@example.com', false))).toMatchObject({ code: 'email_mismatch' });
    const bo = (await read()).participants[1];
    expect(bo).toMatchObject({ claimed: false, status: 'pending' });
    expect(bo.claimLockedUntil).toBeUndefined();
  });

  it('locks the place after five wrong addresses until the hour ends, for the right one too, and shows it to the initiator', async () => {
    const { claim, read, initiatorToken } = await invitation();
    expect((await read(initiatorToken)).participants[1].claimLockedUntil).toBeUndefined();
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await h.sendError(S.claim, claim(`guess${i}@example.com`))).code);
    expect(codes).toEqual(['email_mismatch', 'email_mismatch', 'email_mismatch', 'email_mismatch', 'place_locked']);
    expect(await h.sendError(S.claim, claim('bo@example.com'))).toMatchObject({ code: 'place_locked', message: expect.stringContaining('2026-11-22T13:00:00.000Z') });

    // At once, though the session was read (and cached) before.
    expect((await read(initiatorToken)).participants[1]).toMatchObject({ claimed: false, claimLockedUntil: '2026-11-22T13:00:00.000Z' });

    // The next hour the lock is gone and the invited person gets their place.
    clock.advance(HOUR_MS);
    await waitFor(read, (s) => s.participants[1].claimLockedUntil === undefined);
    await h.send<ClaimParticipantResponse>(S.claim, claim('bo@example.com'));
    expect((await waitFor(read, (s) => s.participants[1].claimed)).participants[1].claimLockedUntil).toBeUndefined();
  });

  it('counts concurrent wrong addresses once each: exactly one of five at once locks the place', async () => {
    const { claim } = await invitation();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => h.sendError(S.claim, claim(`burst${i}@example.com`))));
    const codes = answers.map((a) => a.code).sort();
    expect(codes).toEqual(['email_mismatch', 'email_mismatch', 'email_mismatch', 'email_mismatch', 'place_locked']);
  });

  it('asks nothing of the browser that already holds the place, nor of a claim of a place already taken', async () => {
    const { claim } = await invitation();
    const { participantToken } = await h.send<ClaimParticipantResponse>(S.claim, claim('bo@example.com'));
    expect(await h.send(S.claim, { ...claim(), token: participantToken })).toEqual({ participantToken });
    // A two-person session with its one invited place taken is full: that, not the address, is the answer.
    expect((await h.sendError(S.claim, claim('wrong@example.com'))).code).toBe('session_full');
  });
});
