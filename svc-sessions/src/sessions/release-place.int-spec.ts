import { type ClaimParticipantResponse, type CreateSessionResponse, LIMITS, SUBJECTS, type SessionView } from '@idv/contracts';
import { TestClock, twoPeople, sessionsForSuite } from '../testing/sessions-harness';

const S = SUBJECTS.sessions;

describe('the initiator releases a place the wrong person claimed (integration)', () => {
  const h = sessionsForSuite('sessions_release', { clock: new TestClock(new Date()) });

  async function claimedSession(termsAccepted = true) {
    const created = await h.send<CreateSessionResponse>(S.create, twoPeople());
    const bo = created.session.participants[1];
    const claim = (terms = termsAccepted) =>
      h.send<ClaimParticipantResponse>(S.claim, { sessionId: created.session._id, participantId: bo._id, email: bo.email, termsAccepted: terms });
    const { participantToken } = await claim();
    const place = { sessionId: created.session._id, participantId: bo._id };
    const release = () => h.send<SessionView>(S.release, { ...place, token: created.initiatorToken });
    return { ...created, bo, place, claim, release, wrongToken: participantToken };
  }

  it('unclaims the place: the token that held it is told place_released, and the address claims it anew', async () => {
    const { place, release, claim, wrongToken } = await claimedSession();
    const released = await release();
    expect(released.participants[1]).toMatchObject({ status: 'pending', claimed: false });

    expect((await h.sendError(S.decline, { ...place, token: wrongToken })).code).toBe('place_released');
    expect((await h.sendError(S.claim, { ...place, token: wrongToken, termsAccepted: true })).code).toBe('place_released');

    const { participantToken } = await claim();
    expect(participantToken).not.toBe(wrongToken);
    const read = await h.send<SessionView>(S.get, { sessionId: place.sessionId });
    expect(read.participants[1]).toMatchObject({ status: 'pending', claimed: true });
    const begun = await h.send<{ accepted: boolean }>(S.beginVerification, { ...place, token: participantToken });
    expect(begun.accepted).toBe(true);
  });

  it("carries nobody's consent over: a new claim without the terms accepted cannot submit", async () => {
    const { place, release, claim } = await claimedSession(true);
    await release();
    const { participantToken } = await claim(false);
    expect((await h.sendError(S.beginVerification, { ...place, token: participantToken })).code).toBe('terms_not_accepted');
  });

  it('refuses what is not a claimed, unanswered invitee place, and anyone but the initiator; at most a few times per place', async () => {
    const { session, initiatorToken, place, release, claim, wrongToken } = await claimedSession();
    expect((await h.sendError(S.release, { ...place, token: wrongToken })).code).toBe('invalid_token');
    const unclaimed = await h.send<CreateSessionResponse>(S.create, twoPeople());
    const never = { sessionId: unclaimed.session._id, participantId: unclaimed.session.participants[1]._id, token: unclaimed.initiatorToken };
    expect((await h.sendError(S.release, never)).code).toBe('cannot_release');
    const own = await h.sendError(S.release, { sessionId: session._id, participantId: session.initiatorParticipantId, token: initiatorToken });
    expect(own.code).toBe('cannot_release');

    for (let i = 0; i < LIMITS.placeReleaseMax; i++) {
      await release();
      // A repeat before anyone claims it again (an answer lost on the way): the same answer.
      expect((await release()).participants[1].claimed).toBe(false);
      await claim();
    }
    expect((await h.sendError(S.release, { ...place, token: initiatorToken })).code).toBe('cannot_release'); // the limit

    const answered = await claimedSession();
    await h.send(S.decline, { ...answered.place, token: answered.wrongToken });
    expect((await h.sendError(S.release, { ...answered.place, token: answered.initiatorToken })).code).toBe('cannot_release');
  });

  it('two releases at once: one release, the place unclaimed once', async () => {
    const { release, place } = await claimedSession();
    const results = await Promise.allSettled([release(), release()]);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const read = await h.send<SessionView>(S.get, { sessionId: place.sessionId });
    expect(read.participants[1].claimed).toBe(false);
  });
});
