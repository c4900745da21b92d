import {
  type BeginVerificationReply,
  CAPTURE_TIMING,
  type CaptureFrameShape,
  type ClaimParticipantResponse,
  type CreateSessionResponse,
  LIMITS,
  type LivenessChallenge,
  type LivenessMove,
  SUBJECTS,
  type SessionView,
} from '@idv/contracts';
import { LivenessChallengeTokens } from './liveness-challenge-token';
import { TEST_SESSIONS_SECRET, TestClock, publishStatusEvent, twoPeople, waitFor, sessionsForSuite, statusEvent } from '../testing/sessions-harness';

const S = SUBJECTS.sessions;

/** A liveness challenge for the next attempt of the participant whose token holds the place (integration). */
describe('liveness challenges (integration)', () => {
  const clock = new TestClock(new Date());
  const h = sessionsForSuite('sessions_liveness', { clock });

  async function boInASession(termsAccepted = true) {
    const { session, initiatorToken } = await h.send<CreateSessionResponse>(S.create, twoPeople());
    const bo = session.participants[1];
    const { participantToken } = await h.send<ClaimParticipantResponse>(S.claim, {
      termsAccepted,
      sessionId: session._id,
      participantId: bo._id,
      email: bo.email,
    });
    const place = { sessionId: session._id, participantId: bo._id, token: participantToken };
    return { place, initiatorToken, session };
  }

  const challenge = (command: { sessionId: string; participantId: string; token: string }) => h.send<LivenessChallenge>(S.issueLivenessChallenge, command);
  const refusal = async (command: { sessionId: string; participantId: string; token: string }) => (await h.sendError(S.issueLivenessChallenge, command)).code;

  it('issues the moves of the next attempt, signed for this place and attempt, for 2 minutes', async () => {
    const { place } = await boInASession();
    const issued = await challenge(place);
    expect(issued).toMatchObject({ kind: 'head_turns', attempt: 1 });
    expect(issued.moves).toHaveLength(LIMITS.livenessChallengeMoves);
    expect(new Date(issued.expiresAt).getTime() - clock.now().getTime()).toBe(LIMITS.livenessChallengeValidMinutes * 60_000);
    const verified = new LivenessChallengeTokens(TEST_SESSIONS_SECRET).verify(issued.challenge, { ...place, attempt: 1 }, clock.now());
    expect(verified).toEqual({
      terms: { sessionId: place.sessionId, participantId: place.participantId, attempt: 1, moves: issued.moves, expiresAt: new Date(issued.expiresAt) },
    });
  });

  it('answers the next attempt after a retryable failure, and refuses once nothing more can be submitted', async () => {
    const { place } = await boInASession();
    expect((await h.send<BeginVerificationReply>(S.beginVerification, place)).attempt).toBe(1);
    expect(await refusal(place)).toBe('already_submitted');
    await publishStatusEvent(h.nats, statusEvent(place, { reason: 'face_mismatch', attempt: 1, decidedAt: clock.now().toISOString() }));
    const readBo = async () => (await h.send<SessionView>(S.get, { sessionId: place.sessionId })).participants[1];
    expect(await waitFor(readBo, (bo) => bo.status === 'failed')).toMatchObject({ status: 'failed', attemptsLeft: 2 });
    expect((await challenge(place)).attempt).toBe(2);
    // A challenge for attempt 1 no longer counts: it was spent by that attempt.
    const tokens = new LivenessChallengeTokens(TEST_SESSIONS_SECRET);
    const first = tokens.issue({ ...place, attempt: 1 }, clock.now()).token;
    expect(tokens.verify(first, { ...place, attempt: 2 }, clock.now())).toEqual({ refusal: 'another_attempt' });
  });

  it('refuses a token that does not hold the place, a place without consent, a declined place and a cancelled session', async () => {
    const { place, initiatorToken, session } = await boInASession();
    expect(await refusal({ ...place, token: initiatorToken })).toBe('invalid_token');
    expect(await refusal({ ...place, token: 'x'.repeat(43) })).toBe('invalid_token');

    const declining = await boInASession(false);
    expect(await refusal(declining.place)).toBe('terms_not_accepted');
    await h.send(S.decline, declining.place);
    expect(await refusal(declining.place)).toBe('participant_not_pending');

    await h.send(S.cancel, { sessionId: session._id, token: initiatorToken, initiatorId: session.initiatorParticipantId, reason: 'Cancelled by initiator' });
    expect(await refusal(place)).toBe('session_cancelled');
  });

  it('begins a verification whose capture followed a challenge of this attempt, and answers its moves; any other challenge changes nothing', async () => {
    const { place } = await boInASession();
    const other = await boInASession();
    const tokens = new LivenessChallengeTokens(TEST_SESSIONS_SECRET);
    const beginWith = (challenge: string) => h.sendError(S.beginVerification, { ...place, challenge });
    // forged, another place's, another attempt's, expired
    expect((await beginWith(`${(await challenge(place)).challenge}x`)).code).toBe('liveness_challenge_invalid');
    expect((await beginWith((await challenge(other.place)).challenge)).code).toBe('liveness_challenge_invalid');
    expect((await beginWith(tokens.issue({ ...place, attempt: 2 }, clock.now()).token)).code).toBe('liveness_challenge_invalid');
    expect((await beginWith(tokens.issue({ ...place, attempt: 1 }, new Date(clock.now().getTime() - 3 * 60_000)).token)).code).toBe(
      'liveness_challenge_invalid',
    );
    const readBo = async () => (await h.send<SessionView>(S.get, { sessionId: place.sessionId })).participants[1];
    expect(await readBo()).toMatchObject({ status: 'pending', attempt: 0 });

    const issued = await challenge(place);
    const begun = await h.send<BeginVerificationReply>(S.beginVerification, { ...place, challenge: issued.challenge });
    expect(begun).toMatchObject({ accepted: true, attempt: 1, livenessMoves: issued.moves });
    expect(await readBo()).toMatchObject({ status: 'submitted' });
  });

  it("refuses a capture whose frames do not follow its challenge's moves, and changes nothing; takes one that does", async () => {
    const { place } = await boInASession();
    const issued = await challenge(place);
    const [first, second, third] = issued.moves;
    // as the page takes them: two at the camera, then each move's frames, some for the flow alone
    const frames = (...moves: LivenessMove[]): CaptureFrameShape[] => [
      { step: 'face_camera' },
      { step: 'face_camera' },
      ...moves.flatMap((move) => CAPTURE_TIMING.moveFrames.map(({ flow }) => ({ step: move, ...(flow && { flow }) }))),
    ];
    const beginWith = (captureFrames: CaptureFrameShape[]) => h.sendError(S.beginVerification, { ...place, challenge: issued.challenge, captureFrames });
    // the moves in another order; one frame of each move, where the page takes eight; every frame judged
    expect(await beginWith(frames(second, first, third))).toMatchObject({
      code: 'liveness_capture_invalid',
      message: expect.stringContaining('at least 8 frames of each move'),
    });
    expect((await beginWith([{ step: 'face_camera' }, { step: first }, { step: second }, { step: third }])).code).toBe('liveness_capture_invalid');
    expect((await beginWith(frames(first, second, third).map(({ step }) => ({ step })))).code).toBe('liveness_capture_invalid');
    const readBo = async () => (await h.send<SessionView>(S.get, { sessionId: place.sessionId })).participants[1];
    expect(await readBo()).toMatchObject({ status: 'pending', attempt: 0 });

    const begun = await h.send<BeginVerificationReply>(S.beginVerification, {
      ...place,
      challenge: issued.challenge,
      captureFrames: frames(first, second, third),
    });
    expect(begun).toMatchObject({ accepted: true, attempt: 1, livenessMoves: issued.moves });
  });
});
