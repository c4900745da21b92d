import { type INestApplication } from '@nestjs/common';
import { SUBJECTS } from '@idv/contracts';
import { JSONCodec, type NatsConnection, type Subscription, connect } from 'nats';
import { TEST_API_KEY as API_KEY, startTestGateway } from '../testing/start-test-gateway';
import { answerAsNestService, readEventStream, until } from '@idv/test-kit';

const SESSION_ID = 'STRM0SESS1N2';
const WRONG_TOKEN = 'w'.repeat(43);

/**
 * svc-sessions as the gateway sees it over the real NATS (NestJS' wire format): the session's view
 * (its purpose says how many times it changed), invalid_token for WRONG_TOKEN.
 */
function sessionsStandIn(nats: NatsConnection, state: { version: number; reads: number }): Subscription {
  return answerAsNestService<{ sessionId: string; token?: string } | undefined>(nats, SUBJECTS.sessions.get, (data) => {
    state.reads++;
    if (data?.token === WRONG_TOKEN) return { err: { code: 'invalid_token', message: 'This token holds no place in this session' } };
    if (data?.sessionId === SESSION_ID) return { response: { _id: SESSION_ID, purpose: `version ${state.version}`, participants: [] } };
    return { err: { code: 'session_not_found', message: 'Session not found or expired.' } };
  });
}

interface OpenStream {
  status: number;
  /** The `session` events' views so far, each with when it arrived. */
  sessions: { purpose: string; at: number }[];
  close: () => void;
  body?: unknown;
}

async function openStream(baseUrl: string, headers: Record<string, string> = { 'x-api-key': API_KEY }): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/sessions/${SESSION_ID}/events`, { headers, signal: controller.signal });
  const stream: OpenStream = { status: response.status, sessions: [], close: () => controller.abort() };
  if (!response.ok || !response.body) {
    stream.body = await response.json();
    return stream;
  }
  void readEventStream(response, (event) => {
    if (event.event === 'session') stream.sessions.push({ purpose: (JSON.parse(event.data) as { purpose: string }).purpose, at: Date.now() });
  });
  return stream;
}

describe('live session streams, GET /api/sessions/:id/events (integration, real NATS)', () => {
  let nats: NatsConnection;
  let standIn: Subscription;
  const state = { version: 1, reads: 0 };
  const gateways: { app: INestApplication; baseUrl: string }[] = [];

  beforeAll(async () => {
    if (!process.env.NATS_URL) throw new Error('Integration tests need NATS_URL: run them through `npm test`.');
    nats = await connect({ servers: process.env.NATS_URL });
    standIn = sessionsStandIn(nats, state);
    gateways.push(await startTestGateway({ SESSION_STREAMS_PER_CLIENT: '3' }), await startTestGateway({ SESSION_STREAMS_PER_CLIENT: '3' }));
  });

  afterAll(async () => {
    for (const { app } of gateways) await app.close();
    standIn?.unsubscribe();
    await nats?.drain();
  });

  const changed = () => {
    state.version++;
    nats.publish(SUBJECTS.events.sessionChanged, JSONCodec().encode({ sessionId: SESSION_ID }));
    return Date.now();
  };

  it('sends the session at once, then each change within 200 ms, through both gateway instances', async () => {
    const streams = await Promise.all(gateways.map(({ baseUrl }) => openStream(baseUrl)));
    try {
      expect(streams.map((s) => s.status)).toEqual([200, 200]);
      await until(() => streams.every((s) => s.sessions.length === 1));
      // Subscribed on each gateway's own connection: give the subscriptions a moment to reach NATS.
      await nats.flush();
      for (let change = 0; change < 3; change++) {
        const at = changed();
        await until(() => streams.every((s) => s.sessions.some((e) => e.purpose === `version ${state.version}`)));
        for (const stream of streams) {
          const arrived = stream.sessions.find((e) => e.purpose === `version ${state.version}`)!.at;
          expect(arrived - at).toBeLessThan(200);
        }
      }
    } finally {
      streams.forEach((s) => s.close());
    }
  });

  it('sends nothing for a change of another session, and an unchanged view only once', async () => {
    const stream = await openStream(gateways[0].baseUrl);
    try {
      await until(() => stream.sessions.length === 1);
      const reads = state.reads;
      nats.publish(SUBJECTS.events.sessionChanged, JSONCodec().encode({ sessionId: 'OTHER0SESS1N' }));
      nats.publish(SUBJECTS.events.sessionChanged, JSONCodec().encode({ sessionId: SESSION_ID }));
      await until(() => state.reads > reads);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stream.sessions).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('refuses a missing API key (401), a token that holds no place (403) and an unknown session (404), before any stream', async () => {
    const noKey = await openStream(gateways[0].baseUrl, {});
    expect(noKey).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    const wrongToken = await openStream(gateways[0].baseUrl, { 'x-api-key': API_KEY, 'x-session-token': WRONG_TOKEN });
    expect(wrongToken).toMatchObject({ status: 403, body: { code: 'invalid_token' } });
    const unknown = await fetch(`${gateways[0].baseUrl}/sessions/0123456789AB/events`, { headers: { 'x-api-key': API_KEY } });
    expect(unknown.status).toBe(404);
  });

  it('holds at most SESSION_STREAMS_PER_CLIENT open streams per client address (429), and counts a closed one out', async () => {
    const [first, ...rest] = await Promise.all([0, 1, 2].map(() => openStream(gateways[1].baseUrl)));
    try {
      expect([first, ...rest].map((s) => s.status)).toEqual([200, 200, 200]);
      const fourth = await openStream(gateways[1].baseUrl);
      expect(fourth).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
      first.close();
      let again: OpenStream | undefined;
      for (let i = 0; i < 50 && again?.status !== 200; i++) {
        again = await openStream(gateways[1].baseUrl);
        if (again.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(again?.status).toBe(200);
      again?.close();
    } finally {
      [first, ...rest].forEach((s) => s.close());
    }
  });

  it('closes every stream when the gateway shuts down', async () => {
    const extra = await startTestGateway();
    const stream = await openStream(extra.baseUrl);
    expect(stream.status).toBe(200);
    const started = Date.now();
    await extra.app.close();
    expect(Date.now() - started).toBeLessThan(5000);
    stream.close();
  });

  it('shuts down at once while NATS cannot be reached (nothing waits for the connection being made)', async () => {
    const away = await startTestGateway({ NATS_URL: 'nats://127.0.0.1:9' });
    const started = Date.now();
    await away.app.close();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
