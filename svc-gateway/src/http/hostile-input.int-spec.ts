import { type INestApplication } from '@nestjs/common';
import { LIMITS } from '@idv/contracts';
import { TEST_API_KEY as API_KEY, startTestGateway } from '../testing/start-test-gateway';
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

const SESSION_ID = 'ABCDEFGHJKMN';
const PARTICIPANT_ID = 'A'.repeat(22);
const TEN_MB = 10 * 1024 * 1024;
/** As long as a value can be inside the 64 kB limit of the other routes: the worst case before this fix (~3 s a request). */
const INSIDE_64_KB = LIMITS.defaultBodyMaxBytes - 1024;
/** Stands for the hostile value in the bodies; the sender thread puts the long value in its place. */
const MARKER = '__HOSTILE_VALUE__';

const image = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
const validSubmission = { realName: 'Ana Pérez', idDocumentFront: image, idDocumentBack: image, selfie: image, proofOfLife: '' };
const validCreate = {
  initiator: 'Ana Pérez',
  participants: [
    { name: 'Ana Pérez', email: 'ana@example.com' },
    { name: 'Bo Li', email: 'bo@example.com' },
  ],
  purpose: 'Selling a car',
  termsAccepted: true,
};

/** Posts each request in turn and answers each one's status and time (a worker thread: plain JS). */
const HOSTILE_SENDER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  await (await fetch(workerData.warmUpUrl)).arrayBuffer();
  const answers = [];
  const fill = workerData.fillChar.repeat(workerData.fillLength);
  for (const { name, url, payload } of workerData.requests) {
    const body = Buffer.from(payload.replace(workerData.marker, fill));
    const start = performance.now();
    const response = await fetch(url, { method: 'POST', headers: workerData.headers, body });
    await response.arrayBuffer();
    answers.push({ name, status: response.status, ms: performance.now() - start });
  }
  parentPort.postMessage(answers);
})();
`;

/** Asks health every 10 ms until told to stop, then answers the times (a worker thread: plain JS). */
const HEALTH_PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
const times = [];
parentPort.once('message', () => { running = false; });
(async () => {
  await (await fetch(workerData.url)).arrayBuffer();
  parentPort.postMessage('started');
  while (running) {
    const start = performance.now();
    await (await fetch(workerData.url)).arrayBuffer();
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage(times);
})();
`;

async function runWorker(source: string, workerData: unknown): Promise<unknown> {
  const worker = new Worker(source, { eval: true, workerData });
  const [result] = await once(worker, 'message');
  await worker.terminate();
  return result;
}

/** One body per field of every route that takes a body, that field replaced by `value`. */
function hostileBodies(value: string, images: 'data-url' | 'plain' = 'plain'): { name: string; path: string; body: unknown }[] {
  const asImage = images === 'data-url' ? `data:image/jpeg;base64,${value}` : value;
  const withParticipant = (index: number, field: 'name' | 'email') => ({
    ...validCreate,
    participants: validCreate.participants.map((p, i) => (i === index ? { ...p, [field]: value } : p)),
  });
  return [
    ...(['initiator', 'purpose', 'termsAccepted'] as const).map((field) => ({ name: `create.${field}`, path: '/sessions', body: { ...validCreate, [field]: value } })),
    ...[0, 1].flatMap((index) =>
      (['name', 'email'] as const).map((field) => ({ name: `create.participants[${index}].${field}`, path: '/sessions', body: withParticipant(index, field) })),
    ),
    { name: 'create.unknown field', path: '/sessions', body: { ...validCreate, [value]: 1 } },
    { name: 'cancel.initiatorId', path: `/sessions/${SESSION_ID}/cancel`, body: { initiatorId: value, reason: 'x' } },
    { name: 'cancel.reason', path: `/sessions/${SESSION_ID}/cancel`, body: { initiatorId: PARTICIPANT_ID, reason: value } },
    { name: 'reject.participantId', path: `/sessions/${SESSION_ID}/reject`, body: { participantId: value } },
    { name: 'claim.termsAccepted', path: `/sessions/${SESSION_ID}/participants/${PARTICIPANT_ID}/claim`, body: { termsAccepted: value } },
    { name: 'claim.email', path: `/sessions/${SESSION_ID}/participants/${PARTICIPANT_ID}/claim`, body: { email: value, termsAccepted: true } },
    ...Object.keys(validSubmission).map((field) => ({
      name: `verification.${field}`,
      path: `/verification/${SESSION_ID}/${PARTICIPANT_ID}`,
      body: { ...validSubmission, [field]: field === 'realName' || field === 'proofOfLife' ? value : asImage },
    })),
  ];
}

describe('hostile input: no request costs more than its size allows (integration, real NATS)', () => {
  let app: INestApplication;
  let baseUrl: string;
  const headers = { 'content-type': 'application/json', 'x-api-key': API_KEY };

  beforeAll(async () => {
    if (!process.env.NATS_URL) throw new Error('Integration tests need NATS_URL: run them through `npm test`.');
    ({ app, baseUrl } = await startTestGateway({ RATE_LIMIT_MAX: '100000', RATE_LIMIT_VERIFICATION_MAX: '100000' }));
  });

  afterAll(async () => {
    await app?.close();
  });

  /**
   * Sends every hostile body from one worker thread while another asks health every 10 ms, so that
   * the times are the server's (this thread) and not the client's work of encoding 10 MB.
   */
  async function sendAll(bodies: { name: string; path: string; body: unknown }[], fillLength: number) {
    const requests = bodies.map(({ name, path, body }) => ({ name, url: `${baseUrl}${path}`, payload: JSON.stringify(body) }));
    const prober = new Worker(HEALTH_PROBER, { eval: true, workerData: { url: `${baseUrl}/health` } });
    await once(prober, 'message');
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const answers = (await runWorker(HOSTILE_SENDER, { requests, headers, warmUpUrl: `${baseUrl}/health`, marker: MARKER, fillChar: 'a', fillLength })) as { name: string; status: number; ms: number }[];
    loopDelay.disable();
    prober.postMessage('stop');
    const [healthMs] = (await once(prober, 'message')) as [number[]];
    await prober.terminate();
    return { answers, healthMs, longestBlockMs: loopDelay.max / 1e6 };
  }

  // What one request may cost the server: the longest time its event loop was blocked (the gateway
  // answers nothing meanwhile) and health's latency, asked from another thread all along. Before the
  // bound, a 64 kB name blocked it ~3 s (quadratic grapheme counting) and 10 MB for good. The client's
  // times include uploading 10 MB over loopback from a third thread, on 2 cores shared by the three.
  // The bound, 50 ms, holds for what the server pays: every health answer and the longest
  // block. A client's time for one answer also carries sending 10 MB from a third thread on 2 shared
  // cores, and that is noise the server does not cause: a 64 kB route refuses 10 MB by its
  // Content-Length, unread, and its client still took 14 ms in one run and 64 in the next. Answers
  // are bounded at 250 ms, well under what the bugs this guards against cost (seconds, or for good).
  // Measured on 2 cores: answers 14-65 ms, health at most 14-26 ms, the longest block 17-21 ms.
  const MAX_MS = 50;
  const ANSWER_MAX_MS = 250;

  function expectCheap(result: Awaited<ReturnType<typeof sendAll>>) {
    const slow = result.answers.filter((a) => a.ms > ANSWER_MAX_MS).map((a) => `${a.name}: ${a.ms.toFixed(0)} ms`);
    expect(slow).toEqual([]);
    expect(result.healthMs.length).toBeGreaterThan(2);
    expect(Math.max(...result.healthMs)).toBeLessThan(MAX_MS);
    expect(result.longestBlockMs).toBeLessThan(MAX_MS);
  }

  it('answers 10 MB in any field with 400 or 413, quickly, while health stays fast', async () => {
    const result = await sendAll(hostileBodies(MARKER, 'data-url'), TEN_MB);
    for (const answer of result.answers) expect({ name: answer.name, status: [400, 413].includes(answer.status) }).toEqual({ name: answer.name, status: true });
    expectCheap(result);
  });

  it('answers a field as long as the 64 kB limit allows with 400, quickly', async () => {
    const result = await sendAll(hostileBodies(MARKER, 'plain'), INSIDE_64_KB);
    for (const answer of result.answers) expect({ name: answer.name, status: answer.status }).toEqual({ name: answer.name, status: 400 });
    expectCheap(result);
  });

  it('refuses an image too large to be within the limit with 413 image_too_large, and a long path segment with 400', async () => {
    const tooLarge = `data:image/jpeg;base64,${'A'.repeat(Math.ceil(LIMITS.imageMaxBytes / 3) * 4 + 64)}`;
    const response = await fetch(`${baseUrl}/verification/${SESSION_ID}/${PARTICIPANT_ID}`, {
      method: 'POST',
      headers: { ...headers, 'x-session-token': 'x'.repeat(43) },
      body: JSON.stringify({ ...validSubmission, selfie: tooLarge }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'image_too_large', fields: { selfie: 'File is too large. Please select a smaller file.' } });

    const longSegment = await fetch(`${baseUrl}/sessions/${'-'.repeat(8000)}${SESSION_ID}`, { headers });
    expect(longSegment.status).toBe(400);
    const longParticipant = await fetch(`${baseUrl}/sessions/${SESSION_ID}/participants/${'A'.repeat(8000)}/claim`, { method: 'POST', headers });
    expect(longParticipant.status).toBe(400);
  });

  it.each([
    ['only invisible characters', '\u200b\u3164\u2800\u200b'],
    ['a right-to-left override ("BoLi" shown for "BoiL")', 'Bo\u202eiL'],
    ['a lone surrogate', 'Ana \ud800 Pérez'],
  ])('refuses a name made of %s, in every name field', async (_label, name) => {
    const bodies = hostileBodies(name).filter((b) => /initiator|\.name|realName/.test(b.name));
    const { answers } = await sendAll(bodies, 0);
    for (const answer of answers) expect({ name: answer.name, status: answer.status }).toEqual({ name: answer.name, status: 400 });
  });
});
