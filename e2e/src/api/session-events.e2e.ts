import type { ClaimParticipantResponse, SessionView } from '@idv/contracts';
import { api, createSession, submission } from '../support/api';
import { e2eEnvironment } from '../support/environment';
import { readEventStream } from '@idv/test-kit';

const { apiUrl, apiKey, appUrl } = e2eEnvironment();

/** A live stream as the browser opens it: the browser key, the app's Origin, the token if any. */
async function openStream(sessionId: string, token?: string) {
  const controller = new AbortController();
  const headers: Record<string, string> = { 'x-api-key': apiKey, origin: new URL(appUrl).origin };
  if (token) headers['x-session-token'] = token;
  const response = await fetch(`${apiUrl}/sessions/${sessionId}/events`, { headers, signal: controller.signal });
  const views: SessionView[] = [];
  if (response.ok) void readEventStream(response, (event) => event.event === 'session' && views.push(JSON.parse(event.data) as SessionView));
  return { status: response.status, views, close: () => controller.abort() };
}

/** The next view that `matches`, waiting at most 3 s. */
async function next(views: SessionView[], matches: (view: SessionView) => boolean): Promise<SessionView> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const found = views.find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching view in ${JSON.stringify(views.map((v) => v.participants.map((p) => p.status)))}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Through the real gateway, svc-sessions, svc-verification, NATS and database. */
describe('live session stream (real gateway, services, NATS and database)', () => {
  it('brings every change of the session: a claim, a submission and its result, a decline, a cancel', async () => {
    const { session, initiatorToken } = await createSession();
    const [, bo, nour] = session.participants;
    const stream = await openStream(session._id, initiatorToken);
    try {
      expect(stream.status).toBe(200);
      // At once, as the initiator sees it (e-mails shown).
      expect((await next(stream.views, () => true)).participants[1].email).toBe('bo@example.com');

      const claim = await api<ClaimParticipantResponse>('POST', `/sessions/${session._id}/participants/${bo._id}/claim`, {
        body: { email: 'bo@example.com', termsAccepted: true },
      });
      await next(stream.views, (v) => v.participants[1].claimed);

      expect((await api('POST', `/verification/${session._id}/${bo._id}`, { body: submission(), token: claim.body.participantToken })).status).toBe(202);
      await next(stream.views, (v) => v.participants[1].status === 'submitted');
      // The checks decide (a tiny grey image fails them): the result comes through the stream too.
      await next(stream.views, (v) => v.participants[1].status === 'failed');

      const nourClaim = await api<ClaimParticipantResponse>('POST', `/sessions/${session._id}/participants/${nour._id}/claim`, {
        body: { email: 'nour@example.com', termsAccepted: false },
      });
      await api('POST', `/sessions/${session._id}/reject`, { body: { participantId: nour._id }, token: nourClaim.body.participantToken });
      await next(stream.views, (v) => v.participants[2].status === 'declined');

      await api('POST', `/sessions/${session._id}/cancel`, {
        body: { initiatorId: session.initiatorParticipantId, reason: 'Changed my mind' },
        token: initiatorToken,
      });
      await next(stream.views, (v) => v.isCancelled);
    } finally {
      stream.close();
    }
  }, 60000);

  it('masks e-mails without the initiator token, takes a participant token, and refuses a token that holds no place', async () => {
    const { session } = await createSession();
    const bo = session.participants[1];
    const anonymous = await openStream(session._id);
    try {
      expect((await next(anonymous.views, () => true)).participants[1].email).toBe('b***@e***.com');
    } finally {
      anonymous.close();
    }
    const claim = await api<ClaimParticipantResponse>('POST', `/sessions/${session._id}/participants/${bo._id}/claim`, {
      body: { email: 'bo@example.com', termsAccepted: true },
    });
    const asBo = await openStream(session._id, claim.body.participantToken);
    asBo.close();
    expect(asBo.status).toBe(200);
    const stranger = await openStream(session._id, 'x'.repeat(43));
    expect(stranger.status).toBe(403);
  });
});
