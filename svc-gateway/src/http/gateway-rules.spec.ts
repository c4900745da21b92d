import type { INestApplication } from '@nestjs/common';
import { ERROR_HTTP_STATUS, SUBJECTS, type SessionView } from '@idv/contracts';
import { gatewayUnderTest } from '../testing/gateway-unit';
import type { ServicesStandIn } from '../testing/services-stand-in';
import { createSessionBody } from '@idv/test-kit';
import { TEST_API_KEY } from '../testing/start-test-gateway';

const CREATE_SESSION_BODY = createSessionBody();

const SESSION_ID = 'ABCDEFGHJKMN';
const PARTICIPANT_ID = 'A'.repeat(22);

/**
 * The gateway's HTTP rules, unit by unit: the whole app as Nest builds it, with the services answered
 * in memory (no NATS). The same rules on the real NATS: gateway-http.int-spec.ts, hostile-input.int-spec.ts.
 */
describe('gateway HTTP rules (unit: services answered in memory)', () => {
  let app: INestApplication;
  let baseUrl: string;
  let services: ServicesStandIn;
  const headers = { 'content-type': 'application/json', 'x-api-key': TEST_API_KEY };
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

  beforeAll(async () => {
    ({ app, baseUrl, services } = await gatewayUnderTest());
  });
  afterAll(() => app?.close());
  beforeEach(() => {
    services.calls.length = 0;
  });

  it('refuses a call without a valid API key with 401, before any service is asked', async () => {
    const response = await fetch(`${baseUrl}/sessions/${SESSION_ID}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
    expect(services.calls).toEqual([]);
  });

  it('passes a valid request to its service and answers the reply', async () => {
    const view = { _id: SESSION_ID } as SessionView;
    services.answer(SUBJECTS.sessions.get, () => view);
    const response = await fetch(`${baseUrl}/sessions/${SESSION_ID}`, { headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(view);
    expect(services.calls).toEqual([{ subject: SUBJECTS.sessions.get, payload: { sessionId: SESSION_ID } }]);
  });

  it.each(['session_not_found', 'email_mismatch', 'place_locked', 'session_full', 'session_expired', 'idempotency_key_reused'] as const)(
    "answers a service's %s with its own HTTP status and code",
    async (code) => {
      services.answer(SUBJECTS.sessions.claim, () => {
        throw { code, message: 'as the service says' };
      });
      const response = await post(`/sessions/${SESSION_ID}/participants/${PARTICIPANT_ID}/claim`, { termsAccepted: true, email: 'bo@example.com' });
      expect(response.status).toBe(ERROR_HTTP_STATUS[code]);
      expect(await response.json()).toMatchObject({ code, message: 'as the service says' });
    },
  );

  it('answers 503 with Retry-After when no service listens', async () => {
    const response = await post('/sessions', CREATE_SESSION_BODY);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await response.json()).toMatchObject({ code: 'service_unavailable' });
  });

  it('refuses a body the API cannot take (nested deeper than any request, an unknown field, a wrong type) with 400, and asks no service', async () => {
    const nested = `{"purpose":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    for (const body of [nested, { ...CREATE_SESSION_BODY, admin: true }, { ...CREATE_SESSION_BODY, participants: 'everyone' }]) {
      const response = await post('/sessions', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect(services.calls).toEqual([]);
  });

  it('names the product rule each field broke, as a code a client words in its own language', async () => {
    const response = await post('/sessions', {
      ...CREATE_SESSION_BODY,
      participants: [CREATE_SESSION_BODY.participants[0], { name: 'Bo Li', email: 'not-an-address' }],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fields: { 'participants[1].email': 'Please enter a valid email address' },
      fieldCodes: { 'participants[1].email': 'email_invalid' },
    });
  });

  it('refuses a malformed id in the path before any service is asked', async () => {
    const response = await fetch(`${baseUrl}/sessions/not-a-session-id!`, { headers });
    expect([400, 404]).toContain(response.status);
    expect(services.calls).toEqual([]);
  });

  it('says the service is degraded (503) while a service does not answer its health probe, and ok when both do', async () => {
    const down = await fetch(`${baseUrl}/health`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'degraded', checks: { gateway: 'up', sessions: 'down', verification: 'down' } });
    const up = (service: string) => () => ({ service, status: 'up' as const, checks: { database: 'up' as const } });
    services.answer(SUBJECTS.sessions.health, up('svc-sessions')).answer(SUBJECTS.verification.health, up('svc-verification'));
    const ok = await fetch(`${baseUrl}/health`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: 'ok' });
  });
});
