#!/usr/bin/env node
/**
 * API cost as data grows (docs/benchmarks.md). For each size N (default 100, 10,000 and 100,000
 * stored sessions), on a fresh database: seeds N sessions straight into it (a mix of states),
 * starts NATS, FerretDB, svc-sessions, the gateway and svc-verification with its checks stubbed
 * (tools/stack/stub-verification.cjs: only the data path is timed), and measures through the
 * gateway beside a bare Node handler: GET by id across the stored sessions, GET of a join code that
 * does not exist, create, claim, reject, cancel, submit, and the result event applied by
 * svc-sessions. Prints a table per size and the ratio of each p99 at the largest size to the smallest.
 * Beside the gateway's GET across the stored sessions, the same reads through a bare relay to
 * svc-sessions (bare-relay.cjs): what the data path sustains without the gateway's framework.
 *
 * Then the largest size once more, with BENCH_EXPIRED (default: that size) sessions past their
 * retention stored first, so that the sweeper deletes them while the calls are measured.
 *
 *   npm run bench:api   (BENCH_SIZES=100,10000,100000  BENCH_EXPIRED=100000  BENCH_SECONDS=10  BENCH_CONNECTIONS=10  BENCH_ACTIONS=200)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createParser } from 'eventsource-parser';
import { log } from '../lib/log.mjs';
import { DATA_DIR, ROOT } from '../lib/paths.mjs';
import { ProcessGroup } from '../lib/process-group.mjs';
import { nx } from '../lib/nx.mjs';
import { ensurePrerequisites } from '../setup/prerequisites.mjs';
import { startInfrastructure } from '../infra/infrastructure.mjs';
import { portsFor } from '../stack/ports.mjs';
import { waitForPort } from '../lib/wait.mjs';
import { randomSessionId, seedSessions } from './seed-sessions.mjs';
import { ANA, BO, createSessionBody } from '../lib/session-body.mjs';
import { startServicesForOneClient } from './bench-client.mjs';

const sizes = (process.env.BENCH_SIZES ?? '100,10000,100000').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const actions = Number(process.env.BENCH_ACTIONS ?? 200);
const benchDir = path.join(DATA_DIR, 'bench');

const measure = (options) =>
  new Promise((resolve, reject) => autocannon({ duration: seconds, connections, ...options }, (error, result) => (error ? reject(error) : resolve(result))));

/** A load test's row; `expected` is the answer class every call should get ('2xx', or '4xx' for not found). */
const loadRow = (name, result, expected = '2xx') => ({
  call: name,
  'req/s': Math.round(result.requests.average),
  'p50 ms': result.latency.p50,
  'p99 ms': result.latency.p99,
  calls: result.requests.total,
  'unexpected answers': result.requests.total - result[expected] + result.errors + result.timeouts,
});

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

/** Runs `act` once per item, `connections` at a time; the latency of each call in ms. */
async function timeEach(items, act) {
  const latencies = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < items.length) {
        const item = items[next++];
        const start = performance.now();
        try {
          await act(item);
        } catch {
          failures++;
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { latencies, failures, rate: items.length / elapsed };
}

const actionRow = (name, { latencies, failures, rate }) => ({
  call: name,
  'req/s': Math.round(rate),
  'p50 ms': Math.round(quantile(latencies, 0.5)),
  'p99 ms': Math.round(quantile(latencies, 0.99)),
  calls: latencies.length,
  'unexpected answers': failures,
});

async function tinyJpegDataUrl() {
  const { default: sharp } = await import('sharp');
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#88aacc' } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

/**
 * A session's live stream (Server-Sent Events, read by eventsource-parser as the pages' client
 * does): `next()` resolves with each session view it sends (heartbeats skipped); `close()` ends it.
 */
async function watchSession(url, headers) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200) throw new Error(`GET …/events: ${response.status}`);
  const views = [];
  const parser = createParser({ onEvent: (event) => void (event.event === 'session' && views.push(JSON.parse(event.data))) });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  return {
    async next() {
      while (views.length === 0) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the session stream closed');
        parser.feed(value);
      }
      return views.shift();
    },
    close: () => controller.abort(),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** One run: `size` stored sessions, and first `expired` ones past retention (the sweeper deletes them meanwhile). */
async function benchmarkSize(size, { expired = 0 } = {}) {
  fs.rmSync(benchDir, { recursive: true, force: true });
  const group = new ProcessGroup({ logDir: path.join(benchDir, 'logs') });
  let bare;
  try {
    const ports = portsFor('bench');
    const infrastructure = await startInfrastructure(group, { ports, dataDir: benchDir, database: 'idv_bench' });
    const seedStart = performance.now();
    // Oldest first, as they would have been written: created 31 to 60 days ago.
    if (expired) await seedSessions(infrastructure.mongoUri, expired, Date.now() - 31 * DAY_MS);
    const storedIds = await seedSessions(infrastructure.mongoUri, size);
    log(`${size} sessions${expired ? ` and ${expired} expired ones` : ''} seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    // One client makes all the load here.
    const { apiUrl, secretKey } = await startServicesForOneClient(group, infrastructure, {
      ports,
      verificationScript: path.join(ROOT, 'tools/stack/stub-verification.cjs'),
    });
    const headers = { 'content-type': 'application/json', 'x-api-key': secretKey };
    const body = JSON.stringify(createSessionBody([ANA, BO], 'Benchmark'));
    const call = async (method, url, { token, json, expect = 200 } = {}) => {
      const response = await fetch(`${apiUrl}${url}`, {
        method,
        headers: { ...headers, ...(token ? { 'x-session-token': token } : {}) },
        body: json && JSON.stringify(json),
      });
      const answer = await response.json();
      if (response.status !== expect) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer).slice(0, 200)}`);
      return answer;
    };

    const sample = JSON.stringify((await call('POST', '/sessions', { json: JSON.parse(body), expect: 201 })).session);
    bare = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(sample));
    await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));

    // The gateway's port + 1: below the ephemeral range like every port of the bench profile (ports.mjs).
    const relayPort = ports.gateway + 1;
    const relay = group.start('bare-relay', process.execPath, [path.join(ROOT, 'tools/benchmarks/bare-relay.cjs'), String(relayPort), infrastructure.natsUrl]);
    await waitForPort(relayPort, 'the bare relay', { exited: relay.exited });

    const acrossStored = [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/sessions/${storedIds[Math.floor(Math.random() * storedIds.length)]}` }) },
    ];
    const unknownCode = [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/sessions/${randomSessionId()}` }) }];
    const origin = apiUrl.replace(/\/api$/, '');
    await measure({ url: origin, headers, requests: acrossStored, duration: 2 }); // warm-up
    const rows = [
      loadRow('bare Node HTTP handler (ceiling)', await measure({ url: `http://127.0.0.1:${bare.address().port}/` })),
      loadRow('GET /api/sessions/:id across the stored sessions', await measure({ url: origin, headers, requests: acrossStored })),
      loadRow('  the same, bare relay to svc-sessions (no gateway)', await measure({ url: `http://127.0.0.1:${relayPort}`, requests: acrossStored })),
      loadRow('GET /api/sessions/:code, no such session (404)', await measure({ url: origin, headers, requests: unknownCode }), '4xx'),
      loadRow('POST /api/sessions', await measure({ url: `${apiUrl}/sessions`, method: 'POST', headers, body })),
    ];

    // The actions, each on sessions of its own made for it through the API.
    const fresh = async (n) => {
      const made = [];
      await timeEach(Array.from({ length: n }), async () => made.push(await call('POST', '/sessions', { json: JSON.parse(body), expect: 201 })));
      return made;
    };
    const [toSubmit, toReject, toCancel] = [await fresh(actions), await fresh(actions), await fresh(actions)];
    const claimed = new Map();
    rows.push(
      actionRow(
        'claim a place',
        await timeEach([...toSubmit, ...toReject], async ({ session }) => {
          const { participantToken } = await call('POST', `/sessions/${session._id}/participants/${session.participants[1]._id}/claim`, {
            json: { email: session.participants[1].email, termsAccepted: true },
          });
          claimed.set(session._id, participantToken);
        }),
      ),
    );
    rows.push(
      actionRow(
        'reject (decline)',
        await timeEach(toReject, ({ session }) =>
          call('POST', `/sessions/${session._id}/reject`, { token: claimed.get(session._id), json: { participantId: session.participants[1]._id } }),
        ),
      ),
    );
    rows.push(
      actionRow(
        'cancel',
        await timeEach(toCancel, ({ session, initiatorToken }) =>
          call('POST', `/sessions/${session._id}/cancel`, {
            token: initiatorToken,
            json: { initiatorId: session.initiatorParticipantId, reason: 'Benchmark' },
          }),
        ),
      ),
    );
    const image = await tinyJpegDataUrl();
    const submission = { realName: 'Bo Li', idDocumentFront: image, idDocumentBack: image, selfie: image };
    // Each submission, then its result event: from the 202 to the session's live stream showing the
    // decision, as the pages see it (the stream is opened first). Read so rather than by polling,
    // whose reads, 10 clients every 10 ms, were most of the load the submissions were timed under.
    const submitted = [];
    const applied = [];
    const submitting = await timeEach(toSubmit, async ({ session }) => {
      const participant = session.participants[1]._id;
      const token = claimed.get(session._id);
      const stream = await watchSession(`${apiUrl}/sessions/${session._id}/events`, { ...headers, 'x-session-token': token });
      try {
        await stream.next(); // the view as it is, sent at once: the stream is live
        const start = performance.now();
        await call('POST', `/verification/${session._id}/${participant}`, { token, json: submission, expect: 202 });
        const accepted = performance.now();
        submitted.push(accepted - start);
        for (;;) {
          const view = await stream.next();
          if (view.participants.find((p) => p._id === participant)?.status === 'verified') return applied.push(performance.now() - accepted);
        }
      } finally {
        stream.close();
      }
    });
    rows.push(actionRow('submit (checks stubbed)', { latencies: submitted, failures: toSubmit.length - submitted.length, rate: submitting.rate }));
    rows.push(
      actionRow('result event applied (202 to the decision shown)', { latencies: applied, failures: toSubmit.length - applied.length, rate: submitting.rate }),
    );
    if (expired) {
      const { MongoClient } = await import('mongodb');
      const client = await MongoClient.connect(infrastructure.mongoUri);
      const due = { deleteAt: { $lte: new Date() } };
      const [sessionsLeft, recordsLeft] = [
        await client.db().collection('sessions').countDocuments(due),
        await client.db().collection('participant_transitions').countDocuments(due),
      ];
      await client.close();
      log(
        `when the measurements ended, the sweeper was still deleting: ${sessionsLeft} of ${expired} expired sessions and ${recordsLeft} of their state records left`,
      );
    }
    return rows;
  } finally {
    bare?.close();
    await group.stop();
  }
}

// The FerretDB this checkout's patches describe (a binary built for other patches is rebuilt).
await ensurePrerequisites();
await nx(['run-many', '-t', 'build', '--projects=@idv/svc-*']);
const results = new Map();
for (const size of sizes) {
  log(`--- ${size} stored sessions: measuring ${seconds} s per load test, ${actions} of each action, ${connections} at a time`);
  const rows = await benchmarkSize(size);
  results.set(size, rows);
  console.log(`\n${size} stored sessions`);
  console.table(rows);
}
const [smallest, largest] = [Math.min(...sizes), Math.max(...sizes)];
const compare = (title, base, baseLabel, other, otherLabel) => {
  console.log(`\n${title}`);
  console.table(
    other.map((row, i) => ({
      call: row.call,
      [baseLabel]: base[i]['p99 ms'],
      [otherLabel]: row['p99 ms'],
      ratio: (row['p99 ms'] / Math.max(1, base[i]['p99 ms'])).toFixed(2),
    })),
  );
};
if (smallest !== largest)
  compare(`p99 at ${largest} stored sessions against ${smallest}`, results.get(smallest), `p99 at ${smallest}`, results.get(largest), `p99 at ${largest}`);
// Retention: the largest size again, with as many expired sessions for the sweeper to delete meanwhile.
const expired = Number(process.env.BENCH_EXPIRED ?? largest);
if (expired > 0) {
  log(`--- ${largest} stored sessions while retention deletes ${expired} expired ones`);
  const rows = await benchmarkSize(largest, { expired });
  console.log(`\n${largest} stored sessions, retention deleting ${expired} expired ones meanwhile`);
  console.table(rows);
  compare(`p99 while retention runs against without it (${largest} stored sessions)`, results.get(largest), 'p99 without', rows, 'p99 while deleting');
}
console.log(`machine: ${os.cpus().length} × ${os.cpus()[0].model}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`);
