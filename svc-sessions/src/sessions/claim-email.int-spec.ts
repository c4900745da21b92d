import { type ClaimParticipantResponse, type CreateSessionResponse, SUBJECTS, type SessionView } from '@idv/contracts';
import { TestClock, twoPeople, waitFor, sessionsForSuite } from '../testing/sessions-harness';

const S = SUBJECTS.sessions;
const HOUR_MS = 60 * 60 * 1000;

/**
 * A place belongs to the person invited to it: the join code alone does not give it away. Claiming an
 * unclaimed place needs the e-mail address the initiator entered for it; a few wrong ones keep the
 * client that sent them out for the rest of the hour, and nobody else: the place is never locked.
 */
describe('claiming a place with its e-mail address (integration)', () => {
  // At the start of an hour: the lock window is the clock's hour.
  const clock = new TestClock(new Date('2026-11-22T12:00:00Z'));
  const h = sessionsForSuite('sessions_claim_email', { clock });
  // Clients as the gateway names them (digests of a secret key's name, or of a browser's address).
  const stranger = 's'.repeat(43);
  const otherStranger = 'o'.repeat(43);
  const invitee = 'i'.repeat(43);

  async function invitation() {
    const { session, initiatorToken } = await h.send<CreateSessionResponse>(S.create, twoPeople());
    const bo = session.participants[1];
    const claim = (email?: string, termsAccepted = true, client?: string) => ({
      sessionId: session._id,
      participantId: bo._id,
      termsAccepted,
      ...(email === undefined ? {} : { email }),
      ...(client === undefined ? {} : { client }),
    });
    const read = (token?: string) => h.send<SessionView>(S.get, { sessionId: session._id, token });
    return { session, initiatorToken, bo, claim, read };
  }

  it('gives the place for its address, in any case and with spaces around it', async () => {
    const { claim, read } = await invitation();
    const { participantToken } = await h.send<ClaimParticipantResponse>(S.claim, claim('  BO@Example.COM ', true, invitee));
    expect(participantToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await waitFor(read, (s) => s.participants[1].claimed);
  });

  it('refuses a claim without an address, or with another one, and gives nothing away', async () => {
    const { claim, read } = await invitation();
    expect(await h.sendError(S.claim, claim(undefined, true, stranger))).toMatchObject({
      code: 'validation_failed',
      fields: { email: expect.stringContaining('e-mail address') },
    });
    expect(await h.sendError(S.claim, claim('ana@example.com', true, stranger))).toMatchObject({ code: 'email_mismatch' });
    // Declining is a claim too: a stranger cannot decline someone else's invitation.
    expect(await h.sendError(S.claim, claim('stranger@example.com', false, stranger))).toMatchObject({ code: 'email_mismatch' });
    expect((await read()).participants[1]).toMatchObject({ claimed: false, status: 'pending' });
  });

  it('keeps a client out of a place after five wrong addresses until the hour ends, the right one too; the invited person, from elsewhere, still takes it', async () => {
    const { claim, read, initiatorToken } = await invitation();
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await h.sendError(S.claim, claim(`guess${i}@example.com`, true, stranger))).code);
    expect(codes).toEqual(['email_mismatch', 'email_mismatch', 'email_mismatch', 'email_mismatch', 'place_locked']);
    // Not even compared now: the guesser's next try, right or wrong, tells it nothing.
    expect(await h.sendError(S.claim, claim('bo@example.com', true, stranger))).toMatchObject({
      code: 'place_locked',
      message: expect.stringContaining('2026-11-22T13:00:00.000Z'),
    });
    // Another client has a count of its own, and the session shows no lock to anyone.
    expect((await h.sendError(S.claim, claim('guess@example.org', true, otherStranger))).code).toBe('email_mismatch');
    expect((await read(initiatorToken)).participants[1]).toEqual(expect.not.objectContaining({ claimLockedUntil: expect.anything() }));

    // The next hour the guesser's count starts again.
    clock.advance(HOUR_MS);
    expect((await h.sendError(S.claim, claim('guess5@example.com', true, stranger))).code).toBe('email_mismatch');
    // The invited person claims with the right address, whatever was tried.
    await h.send<ClaimParticipantResponse>(S.claim, claim('bo@example.com', true, invitee));
    await waitFor(read, (s) => s.participants[1].claimed);
  });

  it('lets the invited person in while a guesser is kept out, within the same hour', async () => {
    const { claim, read } = await invitation();
    for (let i = 0; i < 5; i++) await h.sendError(S.claim, claim(`guess${i}@example.com`, true, stranger));
    expect((await h.sendError(S.claim, claim('guess@example.com', true, stranger))).code).toBe('place_locked');
    const { participantToken } = await h.send<ClaimParticipantResponse>(S.claim, claim('bo@example.com', true, invitee));
    expect(participantToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await waitFor(read, (s) => s.participants[1].claimed);
  });

  it('counts concurrent wrong addresses of one client once each: exactly one of five at once keeps it out', async () => {
    const { claim } = await invitation();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => h.sendError(S.claim, claim(`burst${i}@example.com`, true, stranger))));
    const codes = answers.map((a) => a.code).sort();
    expect(codes).toEqual(['email_mismatch', 'email_mismatch', 'email_mismatch', 'email_mismatch', 'place_locked']);
  });

  it('counts claims that name no client (from an older gateway) as one client', async () => {
    const { claim } = await invitation();
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await h.sendError(S.claim, claim(`guess${i}@example.com`))).code);
    expect(codes.at(-1)).toBe('place_locked');
    expect((await h.sendError(S.claim, claim('bo@example.com'))).code).toBe('place_locked');
    await h.send<ClaimParticipantResponse>(S.claim, claim('bo@example.com', true, invitee));
  });

  it('asks nothing of the browser that already holds the place, nor of a claim of a place already taken', async () => {
    const { claim } = await invitation();
    const { participantToken } = await h.send<ClaimParticipantResponse>(S.claim, claim('bo@example.com', true, invitee));
    expect(await h.send(S.claim, { ...claim(), token: participantToken })).toEqual({ participantToken });
    // A two-person session with its one invited place taken is full: that, not the address, is the answer.
    expect((await h.sendError(S.claim, claim('wrong@example.com'))).code).toBe('session_full');
  });
});
