import fs from 'node:fs';
import path from 'node:path';
import type { ClaimParticipantResponse, HandoffOffer, HandoffRedeemed } from '@idv/contracts';
import { api, createSession } from '../support/api';
import { createSessionBody } from '@idv/test-kit';

/** What the services print must never hold names, e-mails or tokens. */
describe('service logs', () => {
  it('are JSON lines from all three services, each naming its service', () => {
    const logDir = process.env.E2E_LOG_DIR;
    if (!logDir) throw new Error('E2E_LOG_DIR is needed to read the service logs: run through `npm test`.');
    for (const service of ['svc-gateway', 'svc-sessions', 'svc-verification']) {
      const lines = fs
        .readFileSync(path.join(logDir, `${service}.log`), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '');
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        let parsed: { service?: string } | undefined;
        try {
          parsed = JSON.parse(line) as { service?: string };
        } catch {
          throw new Error(`${service}.log has a line that is not JSON: ${line.slice(0, 120)}`);
        }
        expect(parsed.service).toBe(service);
      }
    }
  });

  it('contain no names, e-mails or tokens of a session, not even on errors', async () => {
    const logDir = process.env.E2E_LOG_DIR;
    if (!logDir) throw new Error('E2E_LOG_DIR is needed to read the service logs: run through `npm test`.');
    const marker = `Zyxmarker${Date.now()}`;
    const people = createSessionBody(
      [
        { name: `${marker} Initiator`, email: `${marker.toLowerCase()}.one@example.com` },
        { name: `${marker} Invitee`, email: `${marker.toLowerCase()}.two@example.com` },
      ],
      `${marker} purpose`,
    );
    const { session, initiatorToken } = await createSession(people);
    const claim = await api<ClaimParticipantResponse>('POST', `/sessions/${session._id}/participants/${session.participants[1]._id}/claim`, {
      body: { email: session.participants[1].email, termsAccepted: true },
    });
    // A place moved to another device: its code (in a link) and the new token are secrets too.
    const place = `/sessions/${session._id}/participants/${session.participants[1]._id}`;
    const offer = await api<HandoffOffer>('POST', `${place}/handoff`, { token: claim.body.participantToken });
    const moved = await api<HandoffRedeemed>('POST', '/handoffs/redeem', { body: { code: offer.body.code } });
    await api('POST', '/handoffs/redeem', { body: { code: offer.body.code } });
    await api('GET', `${place}/place`, { token: claim.body.participantToken });
    // Failures too: a bad body carrying personal data, a wrong token, a wrong API key.
    await api('POST', '/sessions', { body: { ...people, participants: people.participants.slice(0, 1) } });
    await api('POST', `/sessions/${session._id}/reject`, { body: { participantId: session.participants[0]._id }, token: initiatorToken });
    await api('GET', `/sessions/${session._id}`, { apiKey: `${marker}-wrong-key` });
    await new Promise((resolve) => setTimeout(resolve, 500));

    const logs = fs
      .readdirSync(logDir)
      .filter((file) => file.endsWith('.log'))
      .map((file) => fs.readFileSync(path.join(logDir, file), 'utf8'))
      .join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(moved.status).toBe(200);
    for (const secret of [marker, marker.toLowerCase(), initiatorToken, claim.body.participantToken, offer.body.code, moved.body.token]) {
      expect(logs.includes(secret)).toBe(false);
    }
  });
});
