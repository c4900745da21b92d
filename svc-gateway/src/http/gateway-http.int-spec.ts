import { type INestApplication } from '@nestjs/common';
import { LIMITS, SUBJECTS } from '@idv/contracts';
import http from 'node:http';
import { connect, type NatsConnection } from 'nats';
import { answerAsNestService } from '@idv/test-kit';
import { placeStandIn } from '../testing/place-stand-in';
import { TEST_API_KEY as API_KEY, TEST_BROWSER_KEY, startTestGateway } from '../testing/start-test-gateway';

const SESSION_ID = 'ABCDEFGHJKMN';

/** The gateway in this process on the real NATS, with no svc-sessions listening unless a test says so. */
const startGateway = (overrides: Record<string, string> = {}) => startTestGateway({ CORS_ORIGINS: 'http://app.example.com', ...overrides });

describe('gateway HTTP behaviour (integration, real NATS)', () => {
  let app: INestApplication;
  let baseUrl: string;
  let nats: NatsConnection;
  const headers = { 'content-type': 'application/json', 'x-api-key': API_KEY };
  /** As the app's pages call: the browser key from an allowed origin (limited by address). */
  const browserHeaders = { 'content-type': 'application/json', 'x-api-key': TEST_BROWSER_KEY, origin: 'http://app.example.com' };

  beforeAll(async () => {
    if (!process.env.NATS_URL) throw new Error('Integration tests need NATS_URL: run them through `npm test`.');
    ({ app, baseUrl } = await startGateway());
    nats = await connect({ servers: process.env.NATS_URL });
  });

  afterAll(async () => {
    await app?.close();
    await nats?.drain();
  });

  it('refuses a missing or wrong API key with 401, and serves health without one', async () => {
    for (const key of [undefined, 'wrong', `${API_KEY}x`]) {
      const response = await fetch(`${baseUrl}/sessions/${SESSION_ID}`, { headers: key ? { 'x-api-key': key } : {} });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'A valid API key (x-api-key) is required',
        code: 'unauthorized',
      });
    }
    expect([200, 503]).toContain((await fetch(`${baseUrl}/health`)).status);
  });

  it("takes the browser key only from the app's pages (an allowed Origin, or same-origin), and secret keys from anywhere", async () => {
    const read = (headers: Record<string, string>) => fetch(`${baseUrl}/sessions/${SESSION_ID}`, { headers });
    const refusedHere = async (headers: Record<string, string>) => {
      const response = await read(headers);
      return response.status === 401 ? ((await response.json()) as { message: string }).message : 'accepted';
    };
    const browser = { 'x-api-key': TEST_BROWSER_KEY };
    // Past the key, no svc-sessions listens here: 503 means the key was accepted.
    expect(await refusedHere({ ...browser, origin: 'http://app.example.com' })).toBe('accepted');
    expect(await refusedHere({ ...browser, 'sec-fetch-site': 'same-origin' })).toBe('accepted');
    expect(await refusedHere(browser)).toMatch(/accepted only from the app's pages/);
    expect(await refusedHere({ ...browser, origin: 'http://evil.example.com' })).toMatch(/accepted only from the app's pages/);
    expect(await refusedHere({ ...browser, 'sec-fetch-site': 'cross-site' })).toMatch(/accepted only from the app's pages/);
    expect(await refusedHere({ 'x-api-key': API_KEY })).toBe('accepted');
    // A call with a body is refused before the body is read (it is not JSON: read, it would answer 400).
    const posted = await fetch(`${baseUrl}/sessions`, { method: 'POST', headers: { ...browser, 'content-type': 'application/json' }, body: '{ not json' });
    expect(posted.status).toBe(401);
  });

  it('holds several secret keys at once, so one is rotated without downtime', async () => {
    const rotating = await startGateway({ API_SECRET_KEYS: `billing=${'o'.repeat(32)}, billing-next=${'n'.repeat(32)}` });
    try {
      const status = async (key: string) => (await fetch(`${rotating.baseUrl}/sessions/${SESSION_ID}`, { headers: { 'x-api-key': key } })).status;
      expect(await status('o'.repeat(32))).not.toBe(401);
      expect(await status('n'.repeat(32))).not.toBe(401);
      expect(await status(API_KEY)).toBe(401);
    } finally {
      await rotating.app.close();
    }
  });

  it('answers 503 when no svc-sessions listens, and 504 when it does not answer in time', async () => {
    const unavailable = await fetch(`${baseUrl}/sessions/${SESSION_ID}`, { headers });
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('5');
    expect(await unavailable.json()).toMatchObject({ code: 'service_unavailable' });

    const silent = nats.subscribe(SUBJECTS.sessions.get);
    await nats.flush();
    try {
      const late = await fetch(`${baseUrl}/sessions/${SESSION_ID}`, { headers });
      expect(late.status).toBe(504);
      expect(await late.json()).toMatchObject({ code: 'service_timeout' });
    } finally {
      silent.unsubscribe();
    }
  });

  it('sets a correlation id on every answer, keeping a sane incoming one', async () => {
    const fresh = await fetch(`${baseUrl}/sessions/${SESSION_ID}`, { headers });
    expect(fresh.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${baseUrl}/sessions/${SESSION_ID}`, { headers: { ...headers, 'x-correlation-id': 'trace-12345678' } });
    expect(kept.headers.get('x-correlation-id')).toBe('trace-12345678');
    const replaced = await fetch(`${baseUrl}/sessions/${SESSION_ID}`, { headers: { ...headers, 'x-correlation-id': 'bad id <script>' } });
    expect(replaced.headers.get('x-correlation-id')).not.toBe('bad id <script>');
  });

  it('answers 400 to malformed JSON and 413 above the body limits', async () => {
    const malformed = await fetch(`${baseUrl}/sessions`, { method: 'POST', headers, body: '{"initiator": "Ana",' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'validation_failed', message: 'The request body is not valid JSON' });

    const big = JSON.stringify({ initiator: 'x'.repeat(70 * 1024) });
    const tooLarge = await fetch(`${baseUrl}/sessions`, { method: 'POST', headers, body: big });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: 'payload_too_large', message: 'The request body is larger than 64 kB' });

    // The verification route takes 12 MB: 70 kB passes the limit (and fails validation instead).
    const verification = await fetch(`${baseUrl}/verification/${SESSION_ID}/${'A'.repeat(22)}`, { method: 'POST', headers, body: big });
    expect(verification.status).toBe(400);
    const huge = JSON.stringify({ realName: 'x'.repeat(13 * 1024 * 1024) });
    const hugeAnswer = await fetch(`${baseUrl}/verification/${SESSION_ID}/${'A'.repeat(22)}`, { method: 'POST', headers, body: huge });
    expect(hugeAnswer.status).toBe(413);
    expect(await hugeAnswer.json()).toMatchObject({ message: 'The request body is larger than 12 MB' });
  });

  it('hands a submission as large as the route takes (near 12 MB) to svc-verification: NATS carries every body the gateway reads', async () => {
    // the service timeout of a deployment, not the tests' short one: carrying 12 MB twice over NATS
    // on a busy machine takes longer than 400 ms, and this test is about the body, not the timeout
    const own = await startGateway({ NATS_REQUEST_TIMEOUT_MS: '5000' });
    const places = placeStandIn(nats, () => 'held');
    const received: number[] = [];
    const verification = answerAsNestService(nats, SUBJECTS.verification.submit, (_data, message) => {
      received.push(message.data.length);
      return { response: { accepted: true } };
    });
    try {
      // Three images of 2.5 MB (3.4 MB as base64) and 38 frames of 40 kB: 11.6 MB in all.
      const image = `data:image/jpeg;base64,${Buffer.alloc(2_530_000, 7).toString('base64')}`;
      const frame = `data:image/jpeg;base64,${Buffer.alloc(40_000, 9).toString('base64')}`;
      const body = JSON.stringify({
        realName: 'Ana Pérez',
        idDocumentFront: image,
        idDocumentBack: image,
        selfie: image,
        proofOfLife: { challenge: 'lc1.x.y', frames: Array.from({ length: LIMITS.livenessFramesMax }, () => ({ step: 'face_camera', image: frame })) },
      });
      expect(body.length).toBeGreaterThan(11.5 * 1024 * 1024);
      expect(body.length).toBeLessThan(LIMITS.verificationBodyMaxBytes);
      const answer = await fetch(`${own.baseUrl}/verification/${SESSION_ID}/${'A'.repeat(22)}`, {
        method: 'POST',
        headers: { ...headers, 'x-session-token': 't'.repeat(43) },
        body,
      });
      expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 202, body: { accepted: true } });
      expect(received).toHaveLength(1);
      expect(received[0]).toBeGreaterThan(body.length);
    } finally {
      places.unsubscribe();
      verification.unsubscribe();
      await own.app.close();
    }
  });

  it('answers 400 with field messages and never reaches a service for bad input', async () => {
    const response = await fetch(`${baseUrl}/sessions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ initiator: { $gt: '' }, participants: [], purpose: '' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'validation_failed',
      fields: {
        initiator: 'Please enter your name and email',
        purpose: 'Please describe the purpose of this verification',
        termsAccepted: 'Please accept the Terms of Service to continue.',
      },
    });
    const badId = await fetch(`${baseUrl}/sessions/not-a-code!`, { headers });
    expect(badId.status).toBe(400);
    expect(await badId.json()).toMatchObject({ message: 'Invalid session code. Please check and try again.' });
  });

  it('answers 404 in the error shape for an unknown route', async () => {
    const response = await fetch(`${baseUrl}/nothing-here`, { headers });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404, code: 'not_found' });
  });

  it('answers 405 with Allow for a method a route does not have, and leaves CORS preflights alone', async () => {
    for (const [method, path, allow] of [
      ['DELETE', `/sessions/${SESSION_ID}`, 'GET, HEAD'],
      ['PUT', '/sessions', 'POST'],
      ['PATCH', '/health', 'GET, HEAD'],
      ['GET', `/sessions/${SESSION_ID}/cancel`, 'POST'],
    ]) {
      const response = await fetch(`${baseUrl}${path}`, { method, headers });
      expect({ method, path, status: response.status, allow: response.headers.get('allow') }).toEqual({ method, path, status: 405, allow });
      expect(await response.json()).toMatchObject({ statusCode: 405, code: 'method_not_allowed' });
    }
    const preflight = await fetch(`${baseUrl}/sessions`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBeLessThan(300);
  });

  it('keeps idle connections open longer than clients keep theirs (no "other side closed" on reuse)', async () => {
    const response = await fetch(`${baseUrl}/health`);
    expect(response.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('sends security headers and limits CORS to the configured origins', async () => {
    const allowed = await fetch(`${baseUrl}/health`, { headers: { origin: 'http://app.example.com' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://app.example.com');
    expect(allowed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(allowed.headers.get('x-powered-by')).toBeNull();
    const other = await fetch(`${baseUrl}/health`, { headers: { origin: 'http://evil.example.com' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("lets the app's pages send the headers its changes carry (the preflight allows Idempotency-Key)", async () => {
    const preflight = await fetch(`${baseUrl}/sessions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key,idempotency-key',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',');
    expect(allowed).toEqual(expect.arrayContaining(['content-type', 'x-api-key', 'x-session-token', 'idempotency-key']));
  });

  it('rate-limits a browser client with 429 past the configured limit', async () => {
    const limited = await startGateway({ RATE_LIMIT_MAX: '3', RATE_LIMIT_VERIFICATION_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await fetch(`${limited.baseUrl}/sessions/${SESSION_ID}`, { headers: browserHeaders })).status);
      expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
      expect(statuses.slice(3)).toEqual([429, 429]);
      const body = await (await fetch(`${limited.baseUrl}/sessions/${SESSION_ID}`, { headers: browserHeaders })).json();
      expect(body).toMatchObject({ statusCode: 429, code: 'rate_limited' });
      // Health is polled by scripts and orchestrators: never limited, by either limiter.
      for (let i = 0; i < 25; i++) expect((await fetch(`${limited.baseUrl}/health`)).status).not.toBe(429);
    } finally {
      await limited.app.close();
    }
  });

  it('limits each secret key across every route and address, apart from the other keys and the browser key', async () => {
    const [partner, other] = ['p'.repeat(32), 'q'.repeat(32)];
    const limited = await startGateway({
      API_SECRET_KEYS: `partner=${partner},other=${other}`,
      RATE_LIMIT_KEY_MAX: '3',
      RATE_LIMIT_MAX: '100',
      RATE_LIMIT_WINDOW_MS: '60000',
    });
    try {
      const status = async (route: string, key: string, extra: Record<string, string> = {}) =>
        (await fetch(`${limited.baseUrl}${route}`, { headers: { 'x-api-key': key, ...extra } })).status;
      // Three routes, each far below the per-address limit: the key's own count is what stops the fourth call.
      const partnerStatuses = [
        await status(`/sessions/${SESSION_ID}`, partner),
        await status(`/sessions/${SESSION_ID}/participants/${'A'.repeat(22)}/place`, partner),
        await status('/sessions/0123456789AB', partner),
        await status(`/sessions/${SESSION_ID}`, partner),
      ];
      expect(partnerStatuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
      expect(partnerStatuses[3]).toBe(429);
      expect(await status(`/sessions/${SESSION_ID}`, other)).not.toBe(429);
      for (let i = 0; i < 5; i++) expect(await status(`/sessions/${SESSION_ID}`, TEST_BROWSER_KEY, { origin: 'http://app.example.com' })).not.toBe(429);
      expect((await fetch(`${limited.baseUrl}/health`)).status).not.toBe(429);
    } finally {
      await limited.app.close();
    }
  });

  it('believes no X-Forwarded-For by default: a forged one does not escape the rate limit', async () => {
    const limited = await startGateway({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await fetch(`${limited.baseUrl}/sessions/${SESSION_ID}`, { headers: { ...browserHeaders, 'x-forwarded-for': `203.0.113.${i}` } })).status,
        );
      }
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.app.close();
    }
  });

  it('refuses a body-carrying call with a wrong API key before reading its body', async () => {
    // A body that is not JSON: had it been read, the answer would be 400 "not valid JSON".
    for (const key of ['wrong', undefined]) {
      const response = await fetch(`${baseUrl}/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
        body: '{ not json',
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'unauthorized' });
    }
    // With the right key the same body is read, and refused for what it is.
    const read = await fetch(`${baseUrl}/sessions`, { method: 'POST', headers, body: '{ not json' });
    expect(read.status).toBe(400);
  });

  it('counts the tight submissions limit on the verification route only, before reading the body', async () => {
    const limited = await startGateway({ RATE_LIMIT_MAX: '100', RATE_LIMIT_VERIFICATION_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' });
    try {
      // Session reads are far past the submissions limit and still not limited.
      for (let i = 0; i < 6; i++) expect((await fetch(`${limited.baseUrl}/sessions/${SESSION_ID}`, { headers })).status).not.toBe(429);
      // A body that is not JSON: read, it answers 400; refused before it is read, 429.
      const submit = () =>
        fetch(`${limited.baseUrl}/verification/${SESSION_ID}/${'p'.repeat(22)}`, { method: 'POST', headers: browserHeaders, body: '{ not json' });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await submit()).status);
      expect(statuses).toEqual([400, 400, 429, 429]);
    } finally {
      await limited.app.close();
    }
  });

  it("limits a secret-key client by its key's own budgets, not by its address: many workers behind one address get the key's", async () => {
    const [partner, other] = ['p'.repeat(32), 'q'.repeat(32)];
    const limited = await startGateway({
      API_SECRET_KEYS: `partner=${partner},other=${other}`,
      RATE_LIMIT_MAX: '2',
      RATE_LIMIT_VERIFICATION_MAX: '2',
      RATE_LIMIT_KEY_VERIFICATION_MAX: '4',
      RATE_LIMIT_WINDOW_MS: '60000',
    });
    const keyHeaders = (key: string) => ({ 'content-type': 'application/json', 'x-api-key': key });
    try {
      // Reads past the per-address limit: the key's budget (6,000 a minute) is what counts.
      for (let i = 0; i < 5; i++) expect((await fetch(`${limited.baseUrl}/sessions/${SESSION_ID}`, { headers: keyHeaders(partner) })).status).not.toBe(429);
      // Submissions from one address: the key's 4, not the address' 2 (a body that is not JSON answers 400 when read).
      const submit = (key: string, place: string) =>
        fetch(`${limited.baseUrl}/verification/${SESSION_ID}/${place.repeat(22)}`, { method: 'POST', headers: keyHeaders(key), body: '{ not json' });
      const statuses = [];
      for (const place of ['a', 'b', 'c', 'd', 'e']) statuses.push((await submit(partner, place)).status);
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
      // Another key has a budget of its own, from the same address.
      expect((await submit(other, 'f')).status).toBe(400);
    } finally {
      await limited.app.close();
    }
  });

  it('reads only so many submissions at once: past them a submission is answered 503 with Retry-After, its body not parsed', async () => {
    const capped = await startGateway({ SUBMISSIONS_IN_FLIGHT_MAX: '2' });
    const url = new URL(`${capped.baseUrl}/verification/${SESSION_ID}/${'p'.repeat(22)}`);
    /** A submission whose body arrives slowly: it is in flight until `finish` sends the rest. */
    const slowSubmission = () => {
      const answer = new Promise<number>((resolve, reject) => {
        const request = http.request(url, { method: 'POST', headers }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        request.write('{ "realName": "Ana');
        sending.push(() => request.end(' Pérez" ')); // still not JSON: read, it answers 400
      });
      return answer;
    };
    const sending: (() => void)[] = [];
    try {
      const first = slowSubmission();
      const second = slowSubmission();
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Two in flight: the third is refused at once, its body not parsed (not JSON, it would be 400).
      const third = await fetch(url, { method: 'POST', headers, body: '{ not json' });
      expect(third.status).toBe(503);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await third.json()).toMatchObject({ statusCode: 503, code: 'verification_busy' });
      // A liveness challenge carries no images and is not held back.
      expect((await fetch(`${url}/challenge`, { method: 'POST', headers })).status).not.toBe(503);
      for (const finish of sending) finish();
      expect(await Promise.all([first, second])).toEqual([400, 400]);
      // Their answers sent, the next one is read again.
      expect((await fetch(url, { method: 'POST', headers, body: '{ not json' })).status).toBe(400);
    } finally {
      await capped.app.close();
    }
  });

  it('does not count a submission answered busy (503) against the client or the place: a person told to try later is not locked out for trying', async () => {
    const limited = await startGateway({ RATE_LIMIT_VERIFICATION_MAX: '2', RATE_LIMIT_PARTICIPANT_SUBMISSIONS_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' });
    const image =
      'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';
    const body = JSON.stringify({ realName: 'Ana Pérez', idDocumentFront: image, idDocumentBack: image, selfie: image, proofOfLife: '' });
    const places = placeStandIn(nats, (participantId, token) => (participantId === 'p'.repeat(22) && token === 't'.repeat(43) ? 'held' : 'invalid'));
    try {
      // The token holds the place, but no svc-verification listens here: each submission, well formed, is answered 503.
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const answer = await fetch(`${limited.baseUrl}/verification/${SESSION_ID}/${'p'.repeat(22)}`, {
          method: 'POST',
          headers: { ...browserHeaders, 'x-session-token': 't'.repeat(43) },
          body,
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([503, 503, 503, 503]);
    } finally {
      places.unsubscribe();
      await limited.app.close();
    }
  });

  it("limits one participant's submissions from any address and across handoffs, before reading the body, without letting a stranger lock them out", async () => {
    const limited = await startGateway({
      RATE_LIMIT_VERIFICATION_MAX: '100',
      RATE_LIMIT_PARTICIPANT_SUBMISSIONS_MAX: '2',
      RATE_LIMIT_WINDOW_MS: '60000',
      TRUST_PROXY: 'loopback',
    });
    const place = `${limited.baseUrl}/verification/${SESSION_ID}/${'p'.repeat(22)}`;
    const [holderToken, movedToken, afterHandoffToken] = ['t'.repeat(43), 'm'.repeat(43), 'u'.repeat(43)];
    const holders: Record<string, string[]> = { ['p'.repeat(22)]: [holderToken, afterHandoffToken], ['q'.repeat(22)]: [holderToken] };
    const places = placeStandIn(nats, (participantId, token) =>
      holders[participantId]?.includes(token) ? 'held' : token === movedToken ? 'moved' : 'invalid',
    );
    let address = 0;
    // A body that is not JSON: read, it answers 400; refused before it is read, 429 or 403.
    const submit = (url: string, token: string, key = API_KEY) =>
      fetch(url, {
        method: 'POST',
        headers: { ...headers, 'x-api-key': key, 'x-session-token': token, 'x-forwarded-for': `203.0.113.${++address}` },
        body: '{ not json',
      });
    try {
      // A stranger's guessed token is refused before the body, and counts nothing against the place.
      for (let i = 0; i < 3; i++) {
        const guessed = await submit(place, 's'.repeat(43));
        expect(guessed.status).toBe(403);
        expect(await guessed.json()).toMatchObject({ code: 'invalid_token' });
      }
      // Without a valid API key, svc-sessions is not asked at all: the key's own 401.
      expect((await submit(place, 's'.repeat(43), 'wrong')).status).toBe(401);
      expect([(await submit(place, holderToken)).status, (await submit(place, holderToken)).status]).toEqual([400, 400]);
      const refused = await submit(place, holderToken);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ statusCode: 429, code: 'rate_limited' });
      // The place moved to another device: the old token is told so; the new token goes on with the place's count.
      expect(await (await submit(place, movedToken)).json()).toMatchObject({ statusCode: 403, code: 'place_moved' });
      expect((await submit(place, afterHandoffToken)).status).toBe(429);
      // The holder's other place is not limited.
      expect((await submit(`${limited.baseUrl}/verification/${SESSION_ID}/${'q'.repeat(22)}`, holderToken)).status).toBe(400);
    } finally {
      places.unsubscribe();
      await limited.app.close();
    }
  });
});
