import { type BeginVerificationReply, type HandoffOffer, type HandoffRedeemed, LIMITS, type PlaceHeld, SUBJECTS, type SessionView } from '@idv/contracts';
import { TestClock, sessionsForSuite } from '../testing/sessions-harness';

const S = SUBJECTS.sessions;
const MINUTE_MS = 60 * 1000;

/** "Continue on another device": a single-use code moves a place, and the old token stops working. */
describe('place handoff (integration)', () => {
  const clock = new TestClock();
  const h = sessionsForSuite('sessions_handoff', { clock });

  /** A session where Bo has claimed his place on his laptop. */
  async function boOnHisLaptop() {
    const { session, initiatorToken, bo, boToken } = await h.withBoClaimed();
    const place = (token: string, participantId = bo._id) => ({ sessionId: session._id, participantId, token });
    return { session, initiatorToken, bo, laptop: boToken, place };
  }

  it('moves the place to the device that redeems the code: the new token submits, the old one is told the place moved', async () => {
    const { session, bo, laptop, place } = await boOnHisLaptop();
    const offer = await h.send<HandoffOffer>(S.offerHandoff, place(laptop));
    expect(offer.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(offer.url).toBe(`https://idv.example.com/handoff/${offer.code}`);
    expect(new Date(offer.expiresAt).getTime()).toBe(clock.now().getTime() + LIMITS.handoffValidMinutes * MINUTE_MS);
    // Stored hashed: the code itself is nowhere in the database.
    expect(JSON.stringify(await h.transitions.find({ sessionId: session._id }).lean())).not.toContain(offer.code);

    const phone = await h.send<HandoffRedeemed>(S.redeemHandoff, { code: offer.code });
    expect(phone).toEqual({
      sessionId: session._id,
      participantId: bo._id,
      name: 'Bo Li',
      initiator: false,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(phone.token).not.toBe(laptop);

    expect(await h.send<PlaceHeld>(S.place, place(phone.token))).toEqual({ held: true });
    expect((await h.sendError(S.place, place(laptop))).code).toBe('place_moved');
    expect((await h.sendError(S.beginVerification, place(laptop))).code).toBe('place_moved');
    expect((await h.sendError(S.decline, place(laptop))).code).toBe('place_moved');
    expect((await h.sendError(S.claim, { ...place(laptop), termsAccepted: true })).code).toBe('place_moved');
    // The consent given with the laptop's claim goes with the place.
    expect(await h.send<BeginVerificationReply>(S.beginVerification, place(phone.token))).toMatchObject({ accepted: true, attempt: 1 });
    // The session itself shows nothing of it: still claimed, now being checked.
    expect((await h.send<SessionView>(S.get, { sessionId: session._id })).participants[1]).toMatchObject({ claimed: true, status: 'submitted' });
  });

  it('is single-use, and a code offered before the place moved again no longer moves it', async () => {
    const { laptop, place } = await boOnHisLaptop();
    const first = await h.send<HandoffOffer>(S.offerHandoff, place(laptop));
    const second = await h.send<HandoffOffer>(S.offerHandoff, place(laptop));
    const phone = await h.send<HandoffRedeemed>(S.redeemHandoff, { code: first.code });
    expect((await h.sendError(S.redeemHandoff, { code: first.code })).code).toBe('handoff_invalid');
    // The second code was the laptop's, which no longer holds the place.
    expect((await h.sendError(S.redeemHandoff, { code: second.code })).code).toBe('handoff_invalid');
    expect((await h.sendError(S.offerHandoff, place(laptop))).code).toBe('place_moved');
    // The phone can move it on (back to the laptop's browser, say), and so on.
    const back = await h.send<HandoffOffer>(S.offerHandoff, place(phone.token));
    const laptopAgain = await h.send<HandoffRedeemed>(S.redeemHandoff, { code: back.code });
    expect((await h.sendError(S.place, place(phone.token))).code).toBe('place_moved');
    expect(await h.send<PlaceHeld>(S.place, place(laptopAgain.token))).toEqual({ held: true });
  });

  it('of two devices redeeming one code at once, exactly one gets the place', async () => {
    const { laptop, place } = await boOnHisLaptop();
    const { code } = await h.send<HandoffOffer>(S.offerHandoff, place(laptop));
    const outcomes = await Promise.allSettled(Array.from({ length: 4 }, () => h.send<HandoffRedeemed>(S.redeemHandoff, { code })));
    const winners = outcomes.filter((o): o is PromiseFulfilledResult<HandoffRedeemed> => o.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    for (const loser of outcomes.filter((o) => o.status === 'rejected')) expect((loser as PromiseRejectedResult).reason.code).toBe('handoff_invalid');
    expect(await h.send<PlaceHeld>(S.place, place(winners[0].value.token))).toEqual({ held: true });
  });

  it('expires after LIMITS.handoffValidMinutes', async () => {
    const { laptop, place } = await boOnHisLaptop();
    const { code } = await h.send<HandoffOffer>(S.offerHandoff, place(laptop));
    clock.advance(LIMITS.handoffValidMinutes * MINUTE_MS);
    expect((await h.sendError(S.redeemHandoff, { code })).code).toBe('handoff_invalid');
    expect(await h.send<PlaceHeld>(S.place, place(laptop))).toEqual({ held: true });
  });

  it("moves the initiator's place with the whole session: cancelling and e-mails go with it", async () => {
    const { session, initiatorToken, place } = await boOnHisLaptop();
    const ana = session.initiatorParticipantId;
    const { code } = await h.send<HandoffOffer>(S.offerHandoff, place(initiatorToken, ana));
    const phone = await h.send<HandoffRedeemed>(S.redeemHandoff, { code });
    expect(phone).toMatchObject({ participantId: ana, name: 'Ana Pérez', initiator: true });
    expect((await h.send<SessionView>(S.get, { sessionId: session._id, token: initiatorToken })).participants[1].email).toBe('b***@e***.com');
    expect((await h.send<SessionView>(S.get, { sessionId: session._id, token: phone.token })).participants[1].email).toBe('bo@example.com');
    const cancel = { sessionId: session._id, initiatorId: ana, reason: 'Cancelled by initiator' };
    expect((await h.sendError(S.cancel, { ...cancel, token: initiatorToken })).code).toBe('place_moved');
    expect((await h.send<SessionView>(S.cancel, { ...cancel, token: phone.token })).isCancelled).toBe(true);
  });

  it('refuses a code asked for by a token that does not hold the place, bad codes, and more than the allowed moves', async () => {
    const { laptop, place, initiatorToken } = await boOnHisLaptop();
    expect((await h.sendError(S.offerHandoff, place(initiatorToken))).code).toBe('invalid_token');
    expect((await h.sendError(S.redeemHandoff, { code: 'not a code' })).code).toBe('validation_failed');
    expect((await h.sendError(S.redeemHandoff, { code: 'A'.repeat(22) })).code).toBe('handoff_invalid');

    let token = laptop;
    for (let move = 0; move < LIMITS.handoffMaxMoves; move++) {
      const { code } = await h.send<HandoffOffer>(S.offerHandoff, place(token));
      token = (await h.send<HandoffRedeemed>(S.redeemHandoff, { code })).token;
    }
    expect((await h.sendError(S.offerHandoff, place(token))).code).toBe('handoff_limit_reached');
    expect(await h.send<PlaceHeld>(S.place, place(token))).toEqual({ held: true });
  });
});
