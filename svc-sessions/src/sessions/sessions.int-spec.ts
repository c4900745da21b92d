import { type BeginVerificationReply, type ClaimParticipantResponse, type CreateSessionResponse, SUBJECTS, type SessionView } from '@idv/contracts';
import { DAY_MS, TestClock, sessionsForSuite } from '../testing/sessions-harness';
import { ANA, BO, NOUR, createSessionBody } from '@idv/test-kit';

const S = SUBJECTS.sessions;

const threePeople = createSessionBody([ANA, BO, NOUR]);

describe('svc-sessions over NATS with the real database (integration)', () => {
  const clock = new TestClock();
  const h = sessionsForSuite('sessions_flows', { clock });

  /** Each created place's e-mail address (the initiator sees them): what an invited person claims with. */
  const emails = new Map<string, string>();
  const create = async (body: unknown = threePeople) => {
    const created = await h.send<CreateSessionResponse>(S.create, body);
    for (const participant of created.session.participants) emails.set(participant._id, participant.email);
    return created;
  };
  const get = (sessionId: string, token?: string) => h.send<SessionView>(S.get, { sessionId, token });
  /** A claim of a place with the address the initiator entered for it, the terms accepted. */
  const claimOf = (sessionId: string, participantId: string, token?: string) => ({
    termsAccepted: true,
    sessionId,
    participantId,
    token,
    email: emails.get(participantId),
  });
  const claim = (sessionId: string, participantId: string, token?: string) =>
    h.send<ClaimParticipantResponse>(S.claim, claimOf(sessionId, participantId, token));
  const claimError = (sessionId: string, participantId: string) => h.sendError(S.claim, claimOf(sessionId, participantId));

  it('creates a session: id, initiator first and claimed, emails shown to the initiator only', async () => {
    const { session, initiatorToken } = await create();
    expect(session._id).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(session.initiatorParticipantId).toBe(session.participants[0]._id);
    expect(session.participants.map((p) => [p.name, p.status, p.claimed])).toEqual([
      ['Ana Pérez', 'pending', true],
      ['Bo Li', 'pending', false],
      ['نور الهدى', 'pending', false],
    ]);
    expect(session.shareableUrl).toBe(`https://idv.example.com/invite/${session._id}`);
    expect(session.status).toBe('waiting_for_participants');
    expect(new Date(session.expiresAt).getTime() - new Date(session.createdAt).getTime()).toBe(7 * DAY_MS);

    expect((await get(session._id, initiatorToken)).participants[1].email).toBe('bo@example.com');
    expect((await get(session._id)).participants[1].email).toBe('b***@e***.com');
    // The join code as a person might type it.
    const typed = session._id
      .toLowerCase()
      .replace(/(.{4})/g, '$1-')
      .replace(/0/g, 'o')
      .replace(/-$/, '');
    expect((await get(typed))._id).toBe(session._id);
  });

  it('stores no token, only hashes', async () => {
    const { session, initiatorToken } = await create();
    const stored = await h.sessions.findById(session._id).lean();
    expect(JSON.stringify(stored)).not.toContain(initiatorToken);
    expect(stored?.initiatorTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('create -> get -> claim -> decline', async () => {
    const { session } = await create();
    const bo = session.participants[1];
    const { participantToken } = await claim(session._id, bo._id);
    expect((await get(session._id)).participants[1].claimed).toBe(true);
    const declined = await h.send<SessionView>(S.decline, { sessionId: session._id, participantId: bo._id, token: participantToken });
    expect(declined.participants[1].status).toBe('declined');
    expect(await h.sendError(S.decline, { sessionId: session._id, participantId: bo._id, token: participantToken })).toMatchObject({
      code: 'participant_not_pending',
    });
  });

  it('lets the browser that holds a place claim it again, and no other', async () => {
    const { session } = await create();
    const bo = session.participants[1];
    const first = await claim(session._id, bo._id);
    expect(await claim(session._id, bo._id, first.participantToken)).toEqual(first);
    expect(await claimError(session._id, bo._id)).toMatchObject({
      code: 'participant_already_claimed',
    });
  });

  it('answers session_full when every invited place is taken', async () => {
    const { session } = await create();
    await claim(session._id, session.participants[1]._id);
    await claim(session._id, session.participants[2]._id);
    expect(await claimError(session._id, session.participants[2]._id)).toEqual({
      code: 'session_full',
      message: 'Session is full. Maximum 2 participants allowed.',
    });
    expect((await get(session._id)).status).toBe('ready');
  });

  it('gives the initiator its own place with the initiator token', async () => {
    const { session, initiatorToken } = await create();
    expect(await claim(session._id, session.initiatorParticipantId, initiatorToken)).toEqual({ participantToken: initiatorToken });
    expect(await h.sendError(S.claim, { termsAccepted: true, sessionId: session._id, participantId: session.initiatorParticipantId })).toMatchObject({
      code: 'participant_already_claimed',
    });
  });

  it('refuses token misuse: none, wrong, another participant’s, the initiator declining', async () => {
    const { session, initiatorToken } = await create();
    const [ana, bo, nour] = session.participants;
    const boToken = (await claim(session._id, bo._id)).participantToken;
    await claim(session._id, nour._id);
    expect(await h.sendError(S.decline, { sessionId: session._id, participantId: bo._id })).toMatchObject({ code: 'invalid_token' });
    expect(await h.sendError(S.decline, { sessionId: session._id, participantId: bo._id, token: 'x'.repeat(43) })).toMatchObject({
      code: 'invalid_token',
    });
    expect(await h.sendError(S.decline, { sessionId: session._id, participantId: nour._id, token: boToken })).toMatchObject({
      code: 'invalid_token',
    });
    expect(await h.sendError(S.decline, { sessionId: session._id, participantId: ana._id, token: initiatorToken })).toEqual({
      code: 'initiator_cannot_decline',
      message: 'Initiator cannot reject the invitation. Use cancel session instead.',
    });
    expect(await h.sendError(S.cancel, { sessionId: session._id, initiatorId: ana._id, reason: 'x', token: boToken })).toMatchObject({
      code: 'invalid_token',
    });
    expect(await h.sendError(S.beginVerification, { sessionId: session._id, participantId: bo._id, token: initiatorToken })).toMatchObject({
      code: 'invalid_token',
    });
    expect((await get(session._id)).participants.map((p) => p.status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('cancel: irreversible, moves open participants to cancelled, refuses claim, decline and submit', async () => {
    const { session, initiatorToken } = await create();
    const [ana, bo, nour] = session.participants;
    const boToken = (await claim(session._id, bo._id)).participantToken;
    await h.send<BeginVerificationReply>(S.beginVerification, { sessionId: session._id, participantId: ana._id, token: initiatorToken });
    const cancelled = await h.send<SessionView>(S.cancel, {
      sessionId: session._id,
      initiatorId: ana._id,
      reason: 'Cancelled by initiator',
      token: initiatorToken,
    });
    expect(cancelled).toMatchObject({ isCancelled: true, cancelReason: 'Cancelled by initiator', status: 'cancelled' });
    expect(cancelled.participants.map((p) => p.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const refused = { code: 'session_cancelled', message: 'Session has been cancelled' };
    expect(await claimError(session._id, nour._id)).toEqual(refused);
    expect(await h.sendError(S.decline, { sessionId: session._id, participantId: bo._id, token: boToken })).toEqual(refused);
    expect(await h.sendError(S.beginVerification, { sessionId: session._id, participantId: bo._id, token: boToken })).toEqual(refused);
  });

  it('consent: creating and claiming say whether the terms were accepted, and only a person who accepted them may submit', async () => {
    const { termsAccepted: _accepted, ...withoutTerms } = threePeople;
    expect(await h.sendError(S.create, withoutTerms)).toMatchObject({ code: 'validation_failed', fields: { termsAccepted: expect.any(String) } });
    const { session } = await create();
    const bo = session.participants[1];
    expect(await h.sendError(S.claim, { sessionId: session._id, participantId: bo._id, email: bo.email })).toMatchObject({
      code: 'validation_failed',
      fields: { termsAccepted: expect.any(String) },
    });
    // Claimed only to decline (the invite page's Decline): no consent, so no submission.
    const { participantToken } = await h.send<ClaimParticipantResponse>(S.claim, {
      sessionId: session._id,
      participantId: bo._id,
      email: bo.email,
      termsAccepted: false,
    });
    const command = { sessionId: session._id, participantId: bo._id, token: participantToken };
    expect(await h.sendError(S.beginVerification, command)).toMatchObject({ code: 'terms_not_accepted' });
    expect((await get(session._id)).participants[1].status).toBe('pending');
    // The same browser accepts the terms after all: it keeps its place and may submit.
    await claim(session._id, bo._id, participantToken);
    expect(await h.send<BeginVerificationReply>(S.beginVerification, command)).toMatchObject({ accepted: true });
  });

  it('begin-verification: marks submitted once, returns the invited name and the check deadline, then already_submitted', async () => {
    const { session } = await create();
    const bo = session.participants[1];
    const token = (await claim(session._id, bo._id)).participantToken;
    const command = { sessionId: session._id, participantId: bo._id, token };
    expect(await h.send<BeginVerificationReply>(S.beginVerification, command)).toEqual({
      accepted: true,
      invitedName: 'Bo Li',
      deadline: new Date(clock.now().getTime() + 90_000).toISOString(),
      attempt: 1,
    });
    expect((await get(session._id)).status).toBe('in_progress');
    expect(await h.sendError(S.beginVerification, command)).toMatchObject({ code: 'already_submitted' });
  });

  it('concurrent claims of one place: exactly one wins', async () => {
    const { session } = await create();
    const bo = session.participants[1];
    const attempts = await Promise.allSettled(Array.from({ length: 8 }, () => claim(session._id, bo._id)));
    const won = attempts.filter((a) => a.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const lost of attempts.filter((a) => a.status === 'rejected')) {
      expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: 'participant_already_claimed' });
    }
  });

  it('concurrent begin-verification for one participant: exactly one passes', async () => {
    const { session } = await create();
    const bo = session.participants[1];
    const token = (await claim(session._id, bo._id)).participantToken;
    const command = { sessionId: session._id, participantId: bo._id, token };
    const attempts = await Promise.allSettled(Array.from({ length: 8 }, () => h.send(S.beginVerification, command)));
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(attempts.filter((a) => a.status === 'rejected').map((a) => (a as PromiseRejectedResult).reason.code)).toEqual(Array(7).fill('already_submitted'));
  });

  it('expires 7 days after creation: claims and submissions refused with session_expired', async () => {
    const { session, initiatorToken } = await create();
    clock.advance(7 * DAY_MS);
    try {
      expect((await get(session._id)).status).toBe('expired');
      expect(await claimError(session._id, session.participants[1]._id)).toMatchObject({
        code: 'session_expired',
      });
      expect(
        await h.sendError(S.beginVerification, { sessionId: session._id, participantId: session.initiatorParticipantId, token: initiatorToken }),
      ).toMatchObject({ code: 'session_expired' });
    } finally {
      clock.advance(-7 * DAY_MS);
    }
  });

  it('answers not found and invalid ids clearly', async () => {
    expect(await h.sendError(S.get, { sessionId: '0123456789AB' })).toEqual({ code: 'session_not_found', message: 'Session not found or expired.' });
    expect(await h.sendError(S.get, { sessionId: { $gt: '' } })).toMatchObject({ code: 'validation_failed' });
    expect(await h.sendError(S.get, { sessionId: 'ABCDEFGHJKMNP' })).toMatchObject({ code: 'validation_failed' });
    const { session } = await create();
    expect(await h.sendError(S.claim, { termsAccepted: true, sessionId: session._id, participantId: 'A'.repeat(22) })).toMatchObject({
      code: 'participant_not_found',
    });
  });

  it('refuses bad payloads and changes nothing', async () => {
    const before = [await h.sessions.countDocuments(), await h.transitions.countDocuments()];
    const bad: unknown[] = [
      'text',
      [threePeople],
      { ...threePeople, extra: 1 },
      { ...threePeople, initiator: { $gt: '' } },
      { ...threePeople, participants: [...threePeople.participants, { name: 'Di', email: 'di@example.com' }] },
      { ...threePeople, purpose: 'p'.repeat(51) },
      { ...threePeople, participants: [threePeople.participants[0], { name: 'B', email: 'b@example.com' }] },
    ];
    for (const payload of bad) expect(await h.sendError(S.create, payload)).toMatchObject({ code: 'validation_failed' });
    expect([await h.sessions.countDocuments(), await h.transitions.countDocuments()]).toEqual(before);
  });
});
