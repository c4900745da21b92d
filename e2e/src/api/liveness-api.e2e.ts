import type { ApiErrorBody, CaptureFrameShape, ClaimParticipantResponse, LivenessChallenge, SessionView } from '@idv/contracts';
import { CAPTURE_TIMING, LIMITS, LIVENESS_MOVES } from '@idv/contracts';
import { TINY_JPEG, api, createSession, submission } from '../support/api';

/** POST /verification/:sessionId/:participantId/challenge through gateway -> NATS -> svc-sessions -> database. */
describe('liveness challenge API (real gateway, services, NATS and database)', () => {
  it("issues the next attempt's moves to the token holding the place; refuses without it, and once submitted", async () => {
    const { session } = await createSession();
    const bo = session.participants[1];
    const { body: claim } = await api<ClaimParticipantResponse>('POST', `/sessions/${session._id}/participants/${bo._id}/claim`, {
      body: { email: 'bo@example.com', termsAccepted: true },
    });
    const route = `/verification/${session._id}/${bo._id}/challenge`;

    const issued = await api<LivenessChallenge>('POST', route, { token: claim.participantToken });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ kind: 'head_turns', attempt: 1, challenge: expect.stringMatching(/^lc1\./) });
    expect(issued.body.moves).toHaveLength(LIMITS.livenessChallengeMoves);
    for (const move of issued.body.moves) expect(LIVENESS_MOVES).toContain(move);
    const validMs = new Date(issued.body.expiresAt).getTime() - Date.now();
    expect(validMs).toBeGreaterThan(LIMITS.livenessChallengeValidMinutes * 60_000 - 30_000);
    expect(validMs).toBeLessThanOrEqual(LIMITS.livenessChallengeValidMinutes * 60_000);

    expect((await api<ApiErrorBody>('POST', route)).body).toMatchObject({ statusCode: 403, code: 'invalid_token' });
    expect((await api<ApiErrorBody>('POST', route, { token: 'A'.repeat(43) })).body).toMatchObject({ statusCode: 403, code: 'invalid_token' });

    expect((await api('POST', `/verification/${session._id}/${bo._id}`, { body: submission(), token: claim.participantToken })).status).toBe(202);
    expect((await api<ApiErrorBody>('POST', route, { token: claim.participantToken })).body).toMatchObject({ statusCode: 409, code: 'already_submitted' });
  });

  it('refuses a capture whose frames do not follow its challenge with 422 liveness_capture_invalid, and records nothing; takes one that does', async () => {
    const { session } = await createSession();
    const bo = session.participants[1];
    const { body: claim } = await api<ClaimParticipantResponse>('POST', `/sessions/${session._id}/participants/${bo._id}/claim`, {
      body: { email: 'bo@example.com', termsAccepted: true },
    });
    const { body: issued } = await api<LivenessChallenge>('POST', `/verification/${session._id}/${bo._id}/challenge`, { token: claim.participantToken });
    const withCapture = (frames: CaptureFrameShape[]) => ({
      ...submission(),
      proofOfLife: { challenge: issued.challenge, frames: frames.map((frame) => ({ ...frame, image: TINY_JPEG })) },
    });
    const submit = (frames: CaptureFrameShape[]) =>
      api<ApiErrorBody>('POST', `/verification/${session._id}/${bo._id}`, { body: withCapture(frames), token: claim.participantToken });

    // one frame of each move, as a client that sends the moves' ends alone would
    const refused = await submit([{ step: 'face_camera' }, ...issued.moves.map((step) => ({ step }))]);
    expect(refused.body).toMatchObject({ statusCode: 422, code: 'liveness_capture_invalid', message: expect.stringContaining("in the challenge's order") });
    const { body: read } = await api<SessionView>('GET', `/sessions/${session._id}`);
    expect(read.participants[1]).toMatchObject({ status: 'pending' });

    // as the page takes them: each move's frames, those for the flow alone marked so
    const frames: CaptureFrameShape[] = [
      { step: 'face_camera' },
      { step: 'face_camera' },
      ...issued.moves.flatMap((move) => CAPTURE_TIMING.moveFrames.map(({ flow }) => ({ step: move, ...(flow && { flow }) }))),
    ];
    // every frame judged: more chances than the page gives a head that does not follow the arrows
    expect((await submit(frames.map(({ step }) => ({ step })))).body).toMatchObject({ statusCode: 422, code: 'liveness_capture_invalid' });
    expect((await submit(frames)).status).toBe(202);
  });
});
