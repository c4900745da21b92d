import type { ApiErrorBody, ClaimParticipantResponse, LivenessChallenge } from '@idv/contracts';
import { LIMITS, LIVENESS_MOVES } from '@idv/contracts';
import { api, createSession, submission } from '../support/api';

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
});
