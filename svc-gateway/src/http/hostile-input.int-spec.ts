import { type INestApplication } from '@nestjs/common';
import { LIMITS } from '@idv/contracts';
import { connect, type NatsConnection, type Subscription } from 'nats';
import { placeStandIn } from '../testing/place-stand-in';
import { createSessionBody } from '@idv/test-kit';
import { TEST_API_KEY as API_KEY, startTestGateway } from '../testing/start-test-gateway';
import { mainThreadCpuMs, watchMainThreadStalls } from '../testing/main-thread-cpu';
import { once } from 'node:events';
import zlib from 'node:zlib';
import { Worker } from 'node:worker_threads';

const CREATE_SESSION_BODY = createSessionBody();

const SESSION_ID = 'ABCDEFGHJKMN';
const PARTICIPANT_ID = 'A'.repeat(22);
const TEN_MB = 10 * 1024 * 1024;
/** As long as a value can be inside the 64 kB limit of the other routes: the worst case before this fix (~3 s a request). */
const INSIDE_64_KB = LIMITS.defaultBodyMaxBytes - 1024;
/** Stands for the hostile value in the bodies; the sender thread puts the long value in its place. */
const MARKER = '__HOSTILE_VALUE__';

const image = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
const validSubmission = { realName: 'Ana Pérez', idDocumentFront: image, idDocumentBack: image, selfie: image, proofOfLife: '' };

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
    ...CREATE_SESSION_BODY,
    participants: CREATE_SESSION_BODY.participants.map((p, i) => (i === index ? { ...p, [field]: value } : p)),
  });
  return [
    ...(['initiator', 'purpose', 'termsAccepted'] as const).map((field) => ({
      name: `create.${field}`,
      path: '/sessions',
      body: { ...CREATE_SESSION_BODY, [field]: value },
    })),
    ...[0, 1].flatMap((index) =>
      (['name', 'email'] as const).map((field) => ({ name: `create.participants[${index}].${field}`, path: '/sessions', body: withParticipant(index, field) })),
    ),
    { name: 'create.unknown field', path: '/sessions', body: { ...CREATE_SESSION_BODY, [value]: 1 } },
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

/**
 * A gateway for one suite, with no rate limit in the way and every token holding its place: the bodies reach the
 * gateway's own checks (no svc-verification listens). Filled in by the suite's `beforeAll`.
 */
function gatewayForSuite(): { baseUrl: string } {
  const gateway = { baseUrl: '' };
  let app: INestApplication | undefined;
  let nats: NatsConnection | undefined;
  let places: Subscription | undefined;
  beforeAll(async () => {
    if (!process.env.NATS_URL) throw new Error('Integration tests need NATS_URL: run them through `npm test`.');
    const started = await startTestGateway({
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_VERIFICATION_MAX: '100000',
      RATE_LIMIT_PARTICIPANT_SUBMISSIONS_MAX: '100000',
    });
    ({ app } = started);
    gateway.baseUrl = started.baseUrl;
    nats = await connect({ servers: process.env.NATS_URL });
    places = placeStandIn(nats, () => 'held');
  });
  afterAll(async () => {
    places?.unsubscribe();
    await nats?.drain();
    await app?.close();
  });
  return gateway;
}

describe('hostile input: no request costs more than its size allows (integration, real NATS)', () => {
  const gateway = gatewayForSuite();
  const headers = { 'content-type': 'application/json', 'x-api-key': API_KEY };

  /**
   * Sends every hostile body from one worker thread while another asks health every 10 ms, so that
   * the times are the server's (this thread) and not the client's work of encoding 10 MB.
   */
  async function sendAll(bodies: { name: string; path: string; body: unknown }[], fillLength: number) {
    const requests = bodies.map(({ name, path, body }) => ({ name, url: `${gateway.baseUrl}${path}`, payload: JSON.stringify(body) }));
    const prober = new Worker(HEALTH_PROBER, { eval: true, workerData: { url: `${gateway.baseUrl}/health` } });
    await once(prober, 'message');
    const stallWatch = watchMainThreadStalls();
    const answers = (await runWorker(HOSTILE_SENDER, {
      requests,
      headers,
      warmUpUrl: `${gateway.baseUrl}/health`,
      marker: MARKER,
      fillChar: 'a',
      fillLength,
    })) as {
      name: string;
      status: number;
      ms: number;
    }[];
    const stalls = stallWatch.stop();
    prober.postMessage('stop');
    const [healthMs] = (await once(prober, 'message')) as [number[]];
    await prober.terminate();
    return { answers, healthMs, stalls };
  }

  // What one request may cost the server: the CPU time of the longest stretch its event loop was
  // blocked (the gateway answers nothing meanwhile), in its own thread. Before the bound, a 64 kB
  // name blocked it ~3 s (quadratic grapheme counting) and 10 MB for good. The bound, 50 ms,
  // holds for that CPU time: it is what the server pays. The same stall on the wall clock also holds
  // the waits for a core that other processes took: 76 ms in a clean-clone CI run (stop 62), which
  // failed it while the wall clock was the bounded figure. The wall-clock stall and two other times
  // are bounded at 250 ms, well under what the bugs this guards against cost (seconds, or for good),
  // because they carry that noise:
  // - each answer as its client times it: sending 10 MB from a third thread on 2 cores shared by
  //   the three (a 64 kB route refuses 10 MB by its Content-Length, unread, and its client still
  //   took 14 ms in one run and 64 in the next);
  // - health, asked from another thread all along: two NATS round trips to the NATS server's
  //   process besides the gateway's own work (one answer took 173 ms in a clean-clone CI run).
  // Measured on 2 cores, 10 MB in every field (2026-12-01): idle, the longest stall 24-35 ms of CPU
  // (30-70 ms on the wall clock), health at most 49-71 ms, answers at most 130 ms; beside two
  // processes spinning both cores, 25-33 ms of CPU (51-107 ms on the wall clock), health at most
  // 57-102 ms, answers at most 121-249 ms. Hence up to 3 runs (sendCheaply).
  const STALL_CPU_MAX_MS = 50;
  const ANSWER_MAX_MS = 250;

  /** Every figure of a run over its bound, named: which of them ran late says where the time went. */
  function overBounds(result: Awaited<ReturnType<typeof sendAll>>): string[] {
    const over = (label: string, ms: number, max: number) => (ms < max ? [] : [`${label}: ${ms.toFixed(0)} ms (bound ${max} ms)`]);
    return [
      ...(result.healthMs.length > 2 ? [] : [`health was asked ${result.healthMs.length} times, not more than 2`]),
      ...result.answers.flatMap((a) => over(a.name, a.ms, ANSWER_MAX_MS)),
      ...over('slowest health answer', Math.max(...result.healthMs), ANSWER_MAX_MS),
      ...over("gateway's longest event-loop stall, CPU time", result.stalls.longestCpuMs, STALL_CPU_MAX_MS),
      ...over("gateway's longest event-loop stall, wall clock", result.stalls.longestWallMs, ANSWER_MAX_MS),
    ];
  }

  /**
   * Sends the bodies (sendAll) until a run keeps every figure within its bound, at most 3 runs: what
   * this guards against costs every run seconds, a burst of other work on the machine one run.
   * Answers the last run, and every run's figures over their bounds if none kept them.
   */
  async function sendCheaply(bodies: { name: string; path: string; body: unknown }[], fillLength: number) {
    const runsOverBounds: string[] = [];
    for (let run = 1; ; run++) {
      const result = await sendAll(bodies, fillLength);
      const over = overBounds(result);
      if (over.length === 0) return { result, runsOverBounds: [] };
      runsOverBounds.push(...over.map((figure) => `run ${run}: ${figure}`));
      if (run === 3) return { result, runsOverBounds };
    }
  }

  it('answers 10 MB in any field with 400, 413 or 422, quickly, while health stays fast', async () => {
    const { result, runsOverBounds } = await sendCheaply(hostileBodies(MARKER, 'data-url'), TEN_MB);
    for (const answer of result.answers)
      expect({ name: answer.name, status: [400, 413, 422].includes(answer.status) }).toEqual({ name: answer.name, status: true });
    expect(runsOverBounds).toEqual([]);
  }, 90_000);

  it('answers a field as long as the 64 kB limit allows with 400, quickly', async () => {
    const { result, runsOverBounds } = await sendCheaply(hostileBodies(MARKER, 'plain'), INSIDE_64_KB);
    for (const answer of result.answers) expect({ name: answer.name, status: answer.status }).toEqual({ name: answer.name, status: 400 });
    expect(runsOverBounds).toEqual([]);
  }, 90_000);

  it('refuses an image too large to be within the limit with 422 image_too_large, and a long path segment with 400', async () => {
    const tooLarge = `data:image/jpeg;base64,${'A'.repeat(Math.ceil(LIMITS.imageMaxBytes / 3) * 4 + 64)}`;
    const response = await fetch(`${gateway.baseUrl}/verification/${SESSION_ID}/${PARTICIPANT_ID}`, {
      method: 'POST',
      headers: { ...headers, 'x-session-token': 'x'.repeat(43) },
      body: JSON.stringify({ ...validSubmission, selfie: tooLarge }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'image_too_large', fields: { selfie: 'File is too large. Please select a smaller file.' } });

    const longSegment = await fetch(`${gateway.baseUrl}/sessions/${'-'.repeat(8000)}${SESSION_ID}`, { headers });
    expect(longSegment.status).toBe(400);
    const longParticipant = await fetch(`${gateway.baseUrl}/sessions/${SESSION_ID}/participants/${'A'.repeat(8000)}/claim`, { method: 'POST', headers });
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

/** Sends `count` bodies at `perSecond`, without waiting for the answers in between (a worker thread: plain JS). */
const PACED_SENDER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const bodies = workerData.bodies.map((text) => Buffer.from(text));
  const answers = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: workerData.count }, async (_, index) => {
    await new Promise((resolve) => setTimeout(resolve, (index * 1000) / workerData.perSecond));
    const headers = { ...workerData.headers, 'x-session-token': String(index).padEnd(43, 'x') };
    try {
      const response = await fetch(workerData.url, { method: 'POST', headers, body: bodies[index % bodies.length] });
      answers.push({ status: response.status, body: await response.json() });
    } catch (error) {
      answers.push({ status: 0, body: String(error.cause ?? error) });
    }
  }));
  parentPort.postMessage({ answers, seconds: (performance.now() - started) / 1000 });
})();
`;

describe('bodies refused by their shape, before they are parsed (integration, real NATS)', () => {
  const gateway = gatewayForSuite();
  const headers = { 'content-type': 'application/json', 'x-api-key': API_KEY };
  const ELEVEN_MB = 11_800_000;

  /** Bodies no request of the API has, as large as the verification route takes. */
  const SHAPES: Record<string, (bytes: number) => string> = {
    'nested arrays': (bytes) => '['.repeat(bytes / 2) + ']'.repeat(bytes / 2),
    'nested objects': (bytes) => `${'{"a":'.repeat(bytes / 6)}1${'}'.repeat(bytes / 6)}`,
    'an array of millions of values': (bytes) => `[${'0,'.repeat(bytes / 2 - 1)}0]`,
    'an object of millions of keys': (bytes) => `{${Array.from({ length: bytes / 10 }, (_, i) => `"${i % 100_000}":1`).join(',')}}`,
    'a number millions of digits long': (bytes) => `{"realName":${'1'.repeat(bytes - 14)}}`,
    'millions of spaces': (bytes) => `${' '.repeat(bytes - 2)}{}`,
    'text of escaped quotes': (bytes) => `{"realName":"${'\\"'.repeat(bytes / 2 - 10)}"}`,
  };

  it.each(Object.keys(SHAPES))('answers %s (11.8 MB, and within 64 kB) with 400 before parsing, in under 100 ms of the gateway CPU', async (shape) => {
    const routes = [
      { path: `/verification/${SESSION_ID}/${PARTICIPANT_ID}`, bytes: ELEVEN_MB },
      { path: '/sessions', bytes: INSIDE_64_KB },
      { path: `/sessions/${SESSION_ID}/participants/${PARTICIPANT_ID}/claim`, bytes: INSIDE_64_KB },
    ];
    for (const { path, bytes } of routes) {
      const body = Buffer.from(SHAPES[shape](Math.floor(bytes / 60) * 60));
      const answers: { status: number; body: { code: string; fields?: Record<string, string> } }[] = [];
      const cpuBefore = mainThreadCpuMs();
      for (let index = 0; index < 5; index++) {
        const response = await fetch(`${gateway.baseUrl}${path}`, {
          method: 'POST',
          headers: { ...headers, 'x-session-token': `t${index}`.padEnd(43, 'x') },
          body,
        });
        answers.push({ status: response.status, body: (await response.json()) as (typeof answers)[number]['body'] });
      }
      const cpuPerBody = (mainThreadCpuMs() - cpuBefore) / answers.length;
      for (const answer of answers) {
        expect(answer).toMatchObject({
          status: 400,
          body: { code: 'validation_failed', fields: { body: expect.stringMatching(/than any request of this API/) } },
        });
      }
      // Measured on 2 cores: 11-16 ms a body of 11.8 MB (reading it included); parsed, the nested arrays cost 1.3 s.
      // On 2026-11-28 this machine ran 1.7-2.7 times slower (JSON.parse of the nested arrays: 3.5 s), and a
      // body took over 50 ms, the bound until then (30-52 ms a body that day). 100 ms stays far below parsing
      // the deep shapes (nested arrays 1.3-3.5 s, nested objects 0.8 s); that each body is refused before
      // parsing, its message says.
      const under = cpuPerBody < 100 ? 'under 100 ms' : `${Math.round(cpuPerBody)} ms`;
      expect({ path, cpuPerBody: under }).toEqual({ path, cpuPerBody: 'under 100 ms' });
    }
  });

  it('keeps health answering (p99 under 250 ms) while 4 such bodies of 11.8 MB arrive every second', async () => {
    const bodies = Object.values(SHAPES).map((make) => make(Math.floor(ELEVEN_MB / 60) * 60));
    const prober = new Worker(HEALTH_PROBER, { eval: true, workerData: { url: `${gateway.baseUrl}/health` } });
    await once(prober, 'message');
    const { answers } = (await runWorker(PACED_SENDER, {
      url: `${gateway.baseUrl}/verification/${SESSION_ID}/${PARTICIPANT_ID}`,
      headers,
      bodies,
      count: 24,
      perSecond: 4,
    })) as { answers: { status: number }[] };
    prober.postMessage('stop');
    const [healthMs] = (await once(prober, 'message')) as [number[]];
    await prober.terminate();
    expect(answers.map((answer) => answer.status)).toEqual(Array(24).fill(400));
    const sorted = [...healthMs].sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
    expect(sorted.length).toBeGreaterThan(50);
    // Parsed, each of these bodies would hold the gateway's thread 0.8-3.5 s, four a second: health would
    // wait seconds. Refused by their shape, p99 is 10-50 ms on this machine alone; 250 ms leaves room for a
    // machine busy with other work (51 ms was read beside an evaluation on the other core, 2026-12-08)
    // and still tells a gateway that parses them from one that does not.
    expect(p99).toBeLessThan(250);
  });

  it('answers a hostile body over the size limit, by its size or its shape, and stays up (the rest is read off unparsed)', async () => {
    for (const [path, bytes] of [
      ['/sessions', 1_000_000],
      [`/verification/${SESSION_ID}/${PARTICIPANT_ID}`, 13_000_000],
    ] as const) {
      for (const declared of [true, false]) {
        // Declared: refused by its Content-Length at once (413), then read off while the shape is
        // still being scanned; streamed: refused by its shape at its first chunk (400).
        const body = Buffer.from('['.repeat(bytes));
        const init: RequestInit & { duplex?: 'half' } = declared
          ? { method: 'POST', headers: { ...headers, 'x-session-token': 'x'.repeat(43) }, body }
          : { method: 'POST', headers: { ...headers, 'x-session-token': 'y'.repeat(43) }, body: new Blob([body]).stream(), duplex: 'half' };
        const status = await fetch(`${gateway.baseUrl}${path}`, init).then(
          (response) => response.status,
          () => 'reset',
        );
        expect({ path, declared, status: [declared ? 413 : 400, 'reset'].includes(status) }).toEqual({ path, declared, status: true });
        expect((await fetch(`${gateway.baseUrl}/health`)).status).not.toBe(0);
      }
    }
  });

  it('refuses a compressed body, whose shape it could not read as it arrives (a small gzip can hold 11 MB of brackets)', async () => {
    const gzipped = zlib.gzipSync(Buffer.from('['.repeat(1_000_000)));
    const response = await fetch(`${gateway.baseUrl}/sessions`, { method: 'POST', headers: { ...headers, 'content-encoding': 'gzip' }, body: gzipped });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', message: 'The request body must not be compressed (Content-Encoding)' });
  });

  it('refuses a body in another encoding than UTF-8, whose shape it could not read', async () => {
    const response = await fetch(`${gateway.baseUrl}/sessions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json; charset=utf-16le' },
      body: Buffer.from('{}', 'utf16le'),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', message: 'The request body must be JSON in UTF-8' });
  });
});
