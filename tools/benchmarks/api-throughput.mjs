#!/usr/bin/env node
/**
 * API throughput: GET /api/sessions/:id and POST /api/sessions through
 * gateway -> NATS -> svc-sessions -> database, next to a bare Node HTTP handler measured in the
 * same run as the ceiling of this machine. Starts its own NATS, FerretDB and services on the
 * benchmark ports (23000, 24222, 47017), prints a table, stops everything.
 *
 *   npm run bench:api   (BENCH_SECONDS=10, BENCH_CONNECTIONS=10, BENCH_SESSIONS=500 to change the load)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { log } from '../lib/log.mjs';
import { DATA_DIR } from '../lib/paths.mjs';
import { ProcessGroup } from '../lib/process-group.mjs';
import { nx } from '../lib/nx.mjs';
import { startInfrastructure } from '../infra/infrastructure.mjs';
import { portsFor } from '../stack/ports.mjs';
import { startServices } from '../stack/services.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const benchDir = path.join(DATA_DIR, 'bench');
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 500);

function measure(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: seconds, connections, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function row(name, result) {
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return {
    endpoint: name,
    'req/s (mean)': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    'non-2xx/errors': non2xx,
  };
}

// A fresh database every run, then the process group (its logs live under the same folder).
fs.rmSync(benchDir, { recursive: true, force: true });
const group = new ProcessGroup({ logDir: path.join(benchDir, 'logs') });
let bare;
try {
  await nx(['run-many', '-t', 'build', '--projects=@idv/svc-*']);
  const ports = portsFor('bench');
  const infrastructure = await startInfrastructure(group, { ports, dataDir: benchDir, database: 'idv_bench' });
  const apiKey = crypto.randomBytes(32).toString('base64url');
  const { apiUrl } = await startServices(group, {
    ...infrastructure,
    ports,
    apiKey,
    corsOrigins: [],
    publicAppUrl: 'http://localhost:4200',
    // One client makes all the load here: lift the per-client limit and quiet the request logs.
    gatewayEnv: { RATE_LIMIT_MAX: '10000000', LOG_LEVEL: 'warn' },
  });

  const headers = { 'content-type': 'application/json', 'x-api-key': apiKey };
  const body = JSON.stringify({
    initiator: 'Ana Pérez',
    participants: [
      { name: 'Ana Pérez', email: 'ana@example.com' },
      { name: 'Bo Li', email: 'bo@example.com' },
    ],
    purpose: 'Benchmark',
  });
  const created = await (await fetch(`${apiUrl}/sessions`, { method: 'POST', headers, body })).json();
  const sessionUrl = `${apiUrl}/sessions/${created.session._id}`;

  // The ceiling: a bare Node HTTP handler answering a session-sized JSON body, on this machine now.
  const sample = JSON.stringify(created.session);
  bare = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(sample));
  await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));

  // Many sessions in the database, so reads are measured against a realistic collection too.
  log(`creating ${SESSIONS} sessions`);
  const ids = [];
  for (let i = 0; i < SESSIONS; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${apiUrl}/sessions`, { method: 'POST', headers, body }).then((r) => r.json())),
    );
    ids.push(...batch.map((answer) => answer.session._id));
  }
  let next = 0;
  const anySession = [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/sessions/${ids[next++ % ids.length]}` }) }];

  log(`measuring ${seconds} s each with ${connections} connections`);
  await measure({ url: sessionUrl, headers, duration: 2 }); // warm-up
  const results = [
    row('bare Node HTTP handler (ceiling)', await measure({ url: `http://127.0.0.1:${bare.address().port}/` })),
    row('GET /api/sessions/:id (one session)', await measure({ url: sessionUrl, headers })),
    row(`GET /api/sessions/:id (${SESSIONS} sessions in turn)`, await measure({ url: apiUrl.replace(/\/api$/, ''), headers, requests: anySession })),
    row('POST /api/sessions', await measure({ url: `${apiUrl}/sessions`, method: 'POST', headers, body })),
  ];
  console.table(results);
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0].model}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`);
  for (const get of [results[1], results[2]]) {
    const met = get['req/s (mean)'] >= 1000 && get['p99 ms'] <= 50;
    console.log(`${get.endpoint}: target >= 1000 req/s with p99 <= 50 ms ${met ? 'met' : 'NOT met'}`);
  }
} finally {
  bare?.close();
  await group.stop();
}
