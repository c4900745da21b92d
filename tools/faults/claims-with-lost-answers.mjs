import crypto from 'node:crypto';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { waitForHttp } from '../lib/wait.mjs';
import { ANA, BO, createSessionBody } from '../lib/session-body.mjs';

const CLAIMS = 100;
const GATEWAY_TIMEOUT_MS = 1000;
/** svc-sessions is frozen (SIGSTOP) this long while the claims are in flight: past the gateway's timeout. */
const FREEZE_MS = 2500;
const RETRIES = 10;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * 100 places claimed at once through a gateway whose service timeout is 1 s, while svc-sessions is
 * frozen (SIGSTOP, then SIGCONT 2.5 s later): the gateway answers 504 to the claims it stops
 * waiting for, and svc-sessions still makes them once it runs again. Every client sends its claim
 * again with the same Idempotency-Key until it gets an answer. Expected: every client ends with a
 * token, the token holds its place (none is left claimed by a token nobody has), and a further
 * repeat answers the same token.
 *
 * A gateway of its own (port `gatewayPort`, NATS_REQUEST_TIMEOUT_MS=1000), beside the suite's.
 */
export async function claimsWithLostAnswers({ group, natsUrl, apiUrl, gatewayPort, apiKey, secretKey, sessionsProcess, log }) {
  const call = async (baseUrl, method, route, { body, token, idempotencyKey } = {}) => {
    const headers = { 'content-type': 'application/json', 'x-api-key': secretKey };
    if (token) headers['x-session-token'] = token;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    try {
      const response = await fetch(`${baseUrl}${route}`, { method, headers, body: body && JSON.stringify(body), signal: AbortSignal.timeout(10000) });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : {} };
    } catch {
      return { status: 0, body: {} };
    }
  };

  // The places: two invited ones per session, made through the suite's gateway.
  const places = [];
  while (places.length < CLAIMS) {
    const created = await call(apiUrl, 'POST', '/sessions', {
      body: createSessionBody([ANA, BO, { name: 'Cy Do', email: 'cy@example.com' }], 'Fault suite: lost answers'),
    });
    if (created.status !== 201) throw new Error(`create answered ${created.status}`);
    const { session } = created.body;
    const emails = ['bo@example.com', 'cy@example.com'];
    session.participants
      .slice(1)
      .forEach((participant, i) => places.push({ sessionId: session._id, participantId: participant._id, email: emails[i], key: crypto.randomUUID() }));
  }

  const impatient = group.start('svc-gateway-1s-timeout', 'node', [path.join(ROOT, 'svc-gateway/dist/main.js')], {
    env: {
      NATS_URL: natsUrl,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      API_KEY: apiKey,
      API_SECRET_KEYS: `fault-suite=${secretKey}`,
      CORS_ORIGINS: 'http://127.0.0.1:1',
      NATS_REQUEST_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS),
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_KEY_MAX: '1000000',
    },
  });
  const impatientUrl = `http://127.0.0.1:${gatewayPort}/api`;
  try {
    await waitForHttp(`${impatientUrl}/health`, 'the second gateway', { timeoutMs: 30000, exited: impatient.exited });
    const claim = (place) =>
      call(impatientUrl, 'POST', `/sessions/${place.sessionId}/participants/${place.participantId}/claim`, {
        body: { email: place.email, termsAccepted: true },
        idempotencyKey: place.key,
      });

    const firstTries = places.map(claim);
    await sleep(30);
    process.kill(sessionsProcess.pid, 'SIGSTOP');
    await sleep(FREEZE_MS);
    process.kill(sessionsProcess.pid, 'SIGCONT');
    const first = await Promise.all(firstTries);
    const lostAnswers = first.filter((answer) => answer.status !== 200).length;

    // Each client repeats its claim with its key until it has an answer that is not 5xx.
    const final = await Promise.all(
      places.map(async (place, i) => {
        let answer = first[i];
        for (let retry = 0; retry < RETRIES && (answer.status === 0 || answer.status >= 500); retry++) {
          await sleep(500);
          answer = await claim(place);
        }
        return answer;
      }),
    );
    const tokens = final.map((answer) => (answer.status === 200 ? answer.body.participantToken : undefined));
    const withoutToken = tokens.filter((token) => !token).length;
    // A place is locked when it is claimed and its client's token does not hold it.
    let locked = 0;
    let changedToken = 0;
    for (const [i, place] of places.entries()) {
      const token = tokens[i];
      const held = token && (await call(apiUrl, 'GET', `/sessions/${place.sessionId}/participants/${place.participantId}/place`, { token })).status === 200;
      if (!held) locked++;
      const again = await claim(place);
      if (token && again.body.participantToken !== token) changedToken++;
    }
    const row = { claims: CLAIMS, lostAnswers, withoutToken, locked, changedToken, firstStatuses: countBy(first.map((a) => a.status)) };
    log(`  ${JSON.stringify(row)}`);
    if (lostAnswers === 0) throw new Error('no claim lost its answer: the freeze did not outlast the gateway timeout, so the scenario proved nothing');
    return row;
  } finally {
    await impatient.stop();
  }
}

function countBy(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return Object.entries(counts)
    .map(([value, count]) => `${count} x ${value}`)
    .join(', ');
}
