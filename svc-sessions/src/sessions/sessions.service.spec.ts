import { DAY_MS, twoPeople } from '../testing/fixtures';
import { refusal, sessionsUnderTest } from '../testing/sessions-unit';

/**
 * The rules of sessions and participants, unit by unit: Nest builds the use cases as the service
 * does, on records kept in memory (no NATS, no database). The same rules are proven against the real
 * NATS and database in the integration tests (*.int-spec.ts).
 */
describe('SessionsService (unit: records in memory)', () => {
  async function invitation(env: Record<string, string> = {}) {
    const unit = await sessionsUnderTest(env);
    const created = await unit.service.create(twoPeople());
    const [ana, bo] = created.session.participants;
    const place = { sessionId: created.session._id, participantId: bo._id };
    const claim = (email: string, client = 'c'.repeat(43), termsAccepted = true) => unit.service.claim({ ...place, email, client, termsAccepted });
    const read = (token?: string) => unit.service.get({ sessionId: created.session._id, token });
    return { ...unit, ...created, ana, bo, place, claim, read };
  }

  it('creates a session whose participants are all pending and unclaimed, and shows e-mails masked without the initiator token', async () => {
    const { read, initiatorToken } = await invitation();
    const stranger = await read();
    expect(stranger.participants.map((p) => [p.status, p.claimed])).toEqual([
      ['pending', true],
      ['pending', false],
    ]);
    expect(stranger.participants[1].email).toBe('b***@e***.com');
    expect((await read(initiatorToken)).participants[1].email).toBe('bo@example.com');
  });

  it('refuses a session that does not exist', async () => {
    const { service } = await sessionsUnderTest();
    expect(await refusal(service.get({ sessionId: '7Q2X9T4K0W1M' }))).toMatchObject({ code: 'session_not_found' });
  });

  describe('claiming a place', () => {
    it('gives it for its own e-mail address, in any case, and to one browser only', async () => {
      const { claim, read } = await invitation();
      const { participantToken } = await claim(' BO@example.COM ');
      expect(participantToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await read()).participants[1].claimed).toBe(true);
      // Every invitee's place is taken: the product's "Session is full".
      expect(await refusal(claim('bo@example.com', 'd'.repeat(43)))).toMatchObject({ code: 'session_full' });
    });

    it('counts wrong addresses against the client that sends them, and locks that client out alone', async () => {
      const { claim, stored } = await invitation({ CLAIM_EMAIL_TRIES: '3' });
      const guesser = 'g'.repeat(43);
      expect(await refusal(claim('ana@example.com', guesser))).toMatchObject({ code: 'email_mismatch' });
      expect(await refusal(claim('x@example.com', guesser))).toMatchObject({ code: 'email_mismatch' });
      expect(await refusal(claim('y@example.com', guesser))).toMatchObject({ code: 'place_locked' });
      // Locked before its address is compared: the right one tells the guesser nothing now.
      const recordsBefore = stored.transitions.size;
      expect(await refusal(claim('bo@example.com', guesser))).toMatchObject({ code: 'place_locked' });
      expect(stored.transitions.size).toBe(recordsBefore);
      // The invitee, from their own browser, is not locked out.
      await expect(claim('bo@example.com', 'i'.repeat(43))).resolves.toMatchObject({ participantToken: expect.any(String) });
    });

    it('lets the same client try again once its lock window has passed', async () => {
      const { claim, clock } = await invitation({ CLAIM_EMAIL_TRIES: '1', CLAIM_LOCK_MS: '60000' });
      expect(await refusal(claim('x@example.com'))).toMatchObject({ code: 'place_locked' });
      clock.advance(60_000);
      await expect(claim('bo@example.com')).resolves.toMatchObject({ participantToken: expect.any(String) });
    });
  });

  describe("a participant's submissions", () => {
    it('moves a claimed place to submitted once, and refuses a second submission', async () => {
      const { claim, place, service, read } = await invitation();
      const { participantToken: token } = await claim('bo@example.com');
      await service.beginVerification({ ...place, token });
      expect((await read()).participants[1].status).toBe('submitted');
      expect(await refusal(service.beginVerification({ ...place, token }))).toMatchObject({ code: 'already_submitted' });
    });

    it('refuses a submission without the terms accepted, and with a token that does not hold the place', async () => {
      const { claim, place, service, initiatorToken } = await invitation();
      const { participantToken: token } = await claim('bo@example.com', undefined, false);
      expect(await refusal(service.beginVerification({ ...place, token }))).toMatchObject({ code: 'terms_not_accepted' });
      expect(await refusal(service.beginVerification({ ...place, token: initiatorToken }))).toMatchObject({ code: 'invalid_token' });
    });

    it('decides a check with no result by its deadline as failed check_timeout, retryable, when the stream holds none', async () => {
      const { claim, place, service, read, clock } = await invitation({ CHECK_DEADLINE_MS: '90000' });
      const { participantToken: token } = await claim('bo@example.com');
      await service.beginVerification({ ...place, token });
      clock.advance(89_000);
      expect((await read()).participants[1].status).toBe('submitted');
      clock.advance(2_000);
      expect((await read()).participants[1]).toMatchObject({ status: 'failed', result: { reasons: [{ code: 'check_timeout', retryable: true }] } });
    });

    it('writes nothing when it reads, except the decision of a check past its deadline', async () => {
      const { claim, place, service, read, clock, stored } = await invitation({ CHECK_DEADLINE_MS: '90000' });
      const { participantToken: token } = await claim('bo@example.com');
      await service.beginVerification({ ...place, token });
      const records = stored.transitions.size;
      await read();
      await read(token);
      expect(stored.transitions.size).toBe(records);
      clock.advance(90_000);
      await read();
      await read();
      expect(stored.transitions.size).toBe(records + 1);
    });

    it('keeps a result decided in time that reached the service after the deadline', async () => {
      const { claim, place, service, read, clock, results, session } = await invitation({ CHECK_DEADLINE_MS: '90000' });
      const { participantToken: token } = await claim('bo@example.com');
      await service.beginVerification({ ...place, token });
      const decidedAt = new Date(clock.now().getTime() + 30_000).toISOString();
      results.answer = {
        event: { eventId: 'e1', sessionId: session._id, participantId: place.participantId, decision: 'verified', reasons: [], decidedAt, attempt: 1 },
      };
      clock.advance(120_000);
      expect((await read()).participants[1]).toMatchObject({ status: 'verified' });
    });

    it('decides nothing while the stream cannot be asked: a later read does', async () => {
      const { claim, place, service, read, clock, results } = await invitation({ CHECK_DEADLINE_MS: '90000' });
      const { participantToken: token } = await claim('bo@example.com');
      await service.beginVerification({ ...place, token });
      results.answer = { unknown: true };
      clock.advance(120_000);
      expect((await read()).participants[1].status).toBe('submitted');
      results.answer = { none: true };
      expect((await read()).participants[1].status).toBe('failed');
    });
  });

  describe('the initiator', () => {
    it('cancels the session: every participant is cancelled and no place can be claimed', async () => {
      const { service, session, initiatorToken, ana, claim, read } = await invitation();
      await service.cancel({ sessionId: session._id, token: initiatorToken, initiatorId: ana._id, reason: 'Plans changed' });
      const view = await read();
      expect(view).toMatchObject({ isCancelled: true, cancelReason: 'Plans changed' });
      expect(view.participants.map((p) => p.status)).toEqual(['cancelled', 'cancelled']);
      expect(await refusal(claim('bo@example.com'))).toMatchObject({ code: 'session_cancelled' });
    });

    it('cannot decline their own place: they cancel instead', async () => {
      const { service, session, initiatorToken, ana } = await invitation();
      expect(await refusal(service.decline({ sessionId: session._id, participantId: ana._id, token: initiatorToken }))).toMatchObject({
        code: 'initiator_cannot_decline',
      });
    });

    it('releases a place the wrong person claimed, and the invitee claims it again; the old token is told so', async () => {
      const { service, place, initiatorToken, claim } = await invitation();
      const { participantToken: wrongPerson } = await claim('bo@example.com', 'w'.repeat(43));
      await service.release({ ...place, token: initiatorToken });
      const { participantToken: invitee } = await claim('bo@example.com', 'i'.repeat(43));
      expect(invitee).not.toBe(wrongPerson);
      expect(await refusal(service.beginVerification({ ...place, token: wrongPerson }))).toMatchObject({ code: 'place_released' });
      await expect(service.beginVerification({ ...place, token: invitee })).resolves.toBeDefined();
    });

    it('cannot release a place nobody claimed', async () => {
      const { service, place, initiatorToken } = await invitation();
      expect(await refusal(service.release({ ...place, token: initiatorToken }))).toMatchObject({ code: 'cannot_release' });
    });
  });

  it('refuses every change once the session has expired, and changes nothing', async () => {
    const { claim, clock, stored } = await invitation();
    clock.advance(8 * DAY_MS);
    const records = stored.transitions.size;
    expect(await refusal(claim('bo@example.com'))).toMatchObject({ code: 'session_expired' });
    expect(stored.transitions.size).toBe(records);
  });
});
