#!/usr/bin/env node
/**
 * The scale test (`npm run test:scale`, part of `npm test`): the product as it runs on more than
 * one machine, on this one. A NATS cluster of three JetStream nodes on loopback ports, two
 * gateways, two svc-sessions and two svc-verification instances, one database (FerretDB). Every
 * service is given all three NATS nodes (NATS_URL) and keeps the status stream on all three
 * (NATS_STREAM_REPLICAS=3), as the Helm chart sets them (deploy/helm).
 *
 * Sessions go through both gateways, the way a load balancer spreads them. While the first ones'
 * checks are under way, one gateway, one svc-sessions, one svc-verification and one NATS node are
 * killed with kill -9, and nothing is restarted: the rest must carry on. More sessions follow
 * (a client whose gateway is gone tries the other, as a load balancer would). Then every check is
 * followed to its end. It prints, writes .data/scale/report.md and exits 1 unless:
 * - every check ended once: verified, or (only the checks the killed verification instance had
 *   taken, running or queued in its memory) failed with check_timeout, which the person may try again; none lost, stuck, or
 *   decided twice (a final status that changes, or a check done twice);
 * - both verification instances did checks before the kill;
 * - within 15 s of the kill (the target is 10 s), a new session and its submissions are accepted, and results are
 *   applied again (one more check ends verified: of the first sessions, or of the new one when the
 *   surviving instances had already applied every result of the first sessions they could).
 *
 * svc-verification runs with its AI checks stubbed (tools/stack/stub-verification.cjs, STUB_CHECK_MS
 * each, logging which instance did which check): what is under test is how instances share the work
 * and survive each other, not the checks. Everything else is the services as built.
 *
 *   npm run test:scale        (needs the builds: `npm run build`)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { fail, log } from '../lib/log.mjs';
import { DATA_DIR, NATS_CONFIG, ROOT } from '../lib/paths.mjs';
import { assertPortFree } from '../lib/ports.mjs';
import { ProcessGroup } from '../lib/process-group.mjs';
import { waitForHttp, waitForPort } from '../lib/wait.mjs';
import { startFerretdbProcess } from '../infra/ferretdb.mjs';
import { portsFor } from '../stack/ports.mjs';
import { createSessionBody } from '../lib/session-body.mjs';

const CHECK_MS = 2000;
/** Shorter than the default 90 s, so that a check lost with its instance ends within the run. */
const DEADLINE_MS = 30000;
const SESSIONS_BEFORE_KILL = 12;
const SESSIONS_AFTER_KILL = 8;
/**
 * The target is 10 s from the kill until the stack works again; results flowing again wait for
 * JetStream to elect a new leader when the killed node led the stream or its consumer, which takes
 * seconds and varies (docs/deploy.md: 0.1-11.9 s before the fixes it found, 5.1 s since). The gate
 * leaves room for that variance.
 */
const RECOVERY_GATE_MS = 15000;
const FINAL = new Set(['verified', 'failed', 'declined', 'cancelled']);

const dir = path.join(DATA_DIR, 'scale');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const group = new ProcessGroup({ logDir: path.join(dir, 'logs') });
const ports = portsFor('scale');
const apiKey = crypto.randomBytes(32).toString('base64url');
const secretKey = crypto.randomBytes(32).toString('base64url');
const checkLog = path.join(dir, 'checks.jsonl');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const kill9 = (handle) => process.kill(handle.pid, 'SIGKILL');

/** Three NATS nodes, each routed to the others, JetStream on each (deploy/nats/nats.conf included). */
const NODES = [0, 1, 2].map((i) => ({ name: `nats-${i}`, client: ports.nats + i, route: ports.nats + 100 + i, monitor: ports.nats + 200 + i }));
const NATS_URL = NODES.map((node) => `nats://127.0.0.1:${node.client}`).join(',');

async function startNatsNode(node) {
  for (const port of [node.client, node.route, node.monitor]) await assertPortFree(port, node.name);
  const config = path.join(dir, `${node.name}.conf`);
  fs.writeFileSync(
    config,
    [
      `include '${path.relative(dir, NATS_CONFIG)}'`,
      `server_name: ${node.name}`,
      `listen: 127.0.0.1:${node.client}`,
      `http: 127.0.0.1:${node.monitor}`,
      `cluster { name: idv-scale, listen: 127.0.0.1:${node.route}, routes: [${NODES.map((n) => `nats-route://127.0.0.1:${n.route}`).join(', ')}] }`,
      '',
    ].join('\n'),
  );
  // Not restarted when killed: the test shows the cluster working with a node gone.
  const handle = group.start(node.name, 'nats-server', ['-c', config, '-js', '-sd', path.join(dir, node.name)]);
  await waitForPort(node.client, node.name, { exited: handle.exited });
  return handle;
}

/** Until the JetStream cluster has a leader and every node follows it (the services create the replicated stream at start). */
async function jetStreamClusterReady() {
  const until = Date.now() + 30000;
  while (Date.now() < until) {
    // the leader lists its followers (the others name only the leader)
    for (const n of NODES) {
      try {
        const meta = (await (await fetch(`http://127.0.0.1:${n.monitor}/jsz`)).json()).meta_cluster;
        if (meta?.leader && meta.replicas?.length === NODES.length - 1 && meta.replicas.every((peer) => peer.current)) return;
      } catch {
        // not up yet
      }
    }
    await sleep(250);
  }
  throw new Error('the NATS cluster elected no JetStream leader within 30 s');
}

const node = (service) => ['node', [path.join(ROOT, service, 'dist/main.js')]];
const common = { NATS_URL, NODE_ENV: 'production', NATS_STREAM_REPLICAS: String(NODES.length) };

function startInstances(mongoUri) {
  const sessionsSecret = crypto.randomBytes(32).toString('base64url');
  const sessions = ['a', 'b'].map((id) =>
    group.start(`svc-sessions-${id}`, ...node('svc-sessions'), {
      env: { ...common, MONGODB_URI: mongoUri, SESSIONS_SECRET: sessionsSecret, PUBLIC_APP_URL: 'http://127.0.0.1:1', CHECK_DEADLINE_MS: String(DEADLINE_MS) },
    }),
  );
  const verification = ['a', 'b'].map((id) =>
    group.start(`svc-verification-${id}`, 'node', [path.join(ROOT, 'tools/stack/stub-verification.cjs')], {
      env: {
        ...common,
        STUB_CHECK_MS: String(CHECK_MS),
        STUB_CHECK_LOG: checkLog,
        STUB_INSTANCE: id,
        VERIFICATION_TIMEOUT_MS: '10000',
        VERIFICATION_QUEUE_WAIT_MAX_MS: '15000',
      },
    }),
  );
  const gateways = ['a', 'b'].map((id, i) => ({
    id,
    url: `http://127.0.0.1:${ports.gateway + i}/api`,
    process: group.start(`svc-gateway-${id}`, ...node('svc-gateway'), {
      env: {
        ...common,
        HOST: '127.0.0.1',
        PORT: String(ports.gateway + i),
        API_KEY: apiKey,
        API_SECRET_KEYS: `scale-test=${secretKey}`,
        RATE_LIMIT_KEY_MAX: '100000',
        RATE_LIMIT_KEY_VERIFICATION_MAX: '100000',
      },
    }),
  }));
  return { sessions, verification, gateways };
}

/** One call; a gateway that does not answer (status 0) is the caller's cue to try the other one. */
async function call(gateway, method, route, { body, token } = {}) {
  const headers = { 'content-type': 'application/json', 'x-api-key': secretKey };
  if (token) headers['x-session-token'] = token;
  try {
    const response = await fetch(`${gateway.url}${route}`, { method, headers, body: body && JSON.stringify(body), signal: AbortSignal.timeout(10000) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {}, retryAfter: Number(response.headers.get('retry-after') ?? 1) };
  } catch {
    return { status: 0, body: {} };
  }
}

/**
 * A call as a client behind a load balancer makes it: to `first`, else to the other gateway, and
 * again after Retry-After while the stack answers 503 (a node or an instance going away), for up
 * to 20 s.
 */
async function api(gateways, first, method, route, options) {
  const until = Date.now() + 20000;
  for (let attempt = 0; ; attempt++) {
    const gateway = gateways[(first + attempt) % gateways.length];
    const answer = await call(gateway, method, route, options);
    if (answer.status !== 0 && answer.status !== 503) return answer;
    if (Date.now() > until) return answer;
    await sleep(answer.status === 503 ? Math.min(answer.retryAfter, 2) * 1000 : 100);
  }
}

const image = `data:image/jpeg;base64,${(
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#8a8a8a' } })
    .jpeg()
    .toBuffer()
).toString('base64')}`;
/** Names the check log can tell apart: letters only, as names must be. */
const nameOf = (n) => `Scale ${String.fromCharCode(65 + Math.floor(n / 26))}${String.fromCharCode(97 + (n % 26))}`;

/** A session of two people through the gateway `first` (or the other), both submitting: two checks. */
async function sessionWithTwoChecks(gateways, first, n) {
  const [initiator, invitee] = [nameOf(2 * n), nameOf(2 * n + 1)];
  const created = await api(gateways, first, 'POST', '/sessions', {
    body: createSessionBody(
      [
        { name: initiator, email: `p${2 * n}@example.com` },
        { name: invitee, email: `p${2 * n + 1}@example.com` },
      ],
      'Scale test',
    ),
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
  const { session, initiatorToken } = created.body;
  const [a, b] = session.participants;
  const claim = await api(gateways, first + 1, 'POST', `/sessions/${session._id}/participants/${b._id}/claim`, {
    body: { email: b.email, termsAccepted: true },
  });
  if (claim.status !== 200) throw new Error(`claim answered ${claim.status}: ${JSON.stringify(claim.body)}`);
  const checks = [];
  for (const [participant, token, name, via] of [
    [a, initiatorToken, initiator, first],
    [b, claim.body.participantToken, invitee, first + 1],
  ]) {
    const body = { realName: name, idDocumentFront: image, idDocumentBack: image, selfie: image, proofOfLife: '' };
    const answer = await api(gateways, via, 'POST', `/verification/${session._id}/${participant._id}`, { body, token });
    if (answer.status !== 202) throw new Error(`a submission answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    checks.push({ sessionId: session._id, participantId: participant._id, name });
  }
  return checks;
}

/** Every check followed to a final status; a final status that changes later counts as decided twice. */
async function follow(gateways, checks, withinMs) {
  const seen = new Map();
  let flips = 0;
  const final = (o) => o !== undefined && FINAL.has(o.status);
  const readAll = async () => {
    for (const sessionId of new Set(checks.map((c) => c.sessionId))) {
      const answer = await api(gateways, 0, 'GET', `/sessions/${sessionId}`);
      if (answer.status !== 200) continue;
      for (const p of answer.body.participants) {
        const now = { status: p.status, reasons: (p.result?.reasons ?? []).map((r) => r.code).join(',') };
        const before = seen.get(p._id);
        if (final(before) && (before.status !== now.status || before.reasons !== now.reasons)) flips++;
        seen.set(p._id, now);
      }
    }
    return checks.map((c) => seen.get(c.participantId));
  };
  const until = Date.now() + withinMs;
  let outcomes = await readAll();
  while (!outcomes.every(final) && Date.now() < until) {
    await sleep(500);
    outcomes = await readAll();
  }
  await sleep(2000);
  outcomes = await readAll();
  return { outcomes, flips };
}

/** How many items have each key. */
const countBy = (items, key) => items.reduce((counts, item) => ({ ...counts, [key(item)]: (counts[key(item)] ?? 0) + 1 }), {});
/** How many of `checks` are verified now (one read of each of their sessions). */
async function verifiedCount(gateways, checks) {
  const ids = new Set(checks.map((c) => c.participantId));
  let verified = 0;
  for (const sessionId of new Set(checks.map((c) => c.sessionId))) {
    const answer = await api(gateways, 0, 'GET', `/sessions/${sessionId}`);
    if (answer.status === 200) verified += answer.body.participants.filter((p) => ids.has(p._id) && p.status === 'verified').length;
  }
  return verified;
}

/**
 * How long after `since` one more of `checks()` (the list may grow) than `verifiedBefore` is
 * verified (polled every 250 ms, for up to 60 s).
 */
async function firstResultAfter(gateways, checks, verifiedBefore, since) {
  while (Date.now() - since < 60000) {
    if ((await verifiedCount(gateways, checks())) > verifiedBefore) return Date.now() - since;
    await sleep(250);
  }
  return Infinity;
}

const checkLines = () =>
  fs.existsSync(checkLog)
    ? fs
        .readFileSync(checkLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];

let exitCode = 0;
try {
  log('— a NATS cluster of 3 JetStream nodes, FerretDB, two instances of each service');
  const nats = [];
  for (const n of NODES) nats.push(await startNatsNode(n));
  await jetStreamClusterReady();
  const { uri: mongoUri } = await startFerretdbProcess(group, { port: ports.mongo, dataDir: dir, database: 'idv_scale' });
  const { sessions, verification, gateways } = startInstances(mongoUri);
  for (const gateway of gateways) await waitForHttp(`${gateway.url}/health`, `svc-gateway-${gateway.id}`, { timeoutMs: 60000 });

  log(`— ${SESSIONS_BEFORE_KILL} sessions through both gateways`);
  const before = [];
  for (let n = 0; n < SESSIONS_BEFORE_KILL; n++) before.push(...(await sessionWithTwoChecks(gateways, n % 2, n)));
  // Both instances must have taken checks before the kill: a check takes CHECK_MS.
  await sleep(CHECK_MS / 2);
  const byInstanceBeforeKill = countBy(
    checkLines().filter((l) => l.event === 'start'),
    (l) => l.instance,
  );

  const verifiedAtKill = await verifiedCount(gateways, before);
  log('— kill -9: svc-gateway-b, svc-sessions-b, svc-verification-b and nats-1, nothing restarted');
  const killedAt = Date.now();
  for (const handle of [gateways[1].process, sessions[1], verification[1], nats[1]]) kill9(handle);

  // Recovery, with what is left: a new session with its submissions accepted, and results applied
  // again: one more check ends verified. Of the first sessions, or of the new one: on a slow day the
  // surviving verification instance may have finished its share of the first checks before the
  // kill, and the rest are the killed instance's, which end check_timeout; then only the new
  // session's checks can show results flowing (a CI run on 2026-11-28 waited for the first ones in
  // vain).
  const acceptedAfterKill = [];
  const resultsAgain = firstResultAfter(gateways, () => [...before, ...acceptedAfterKill], verifiedAtKill, killedAt);
  const first = await sessionWithTwoChecks(gateways, 1, SESSIONS_BEFORE_KILL);
  acceptedAfterKill.push(...first);
  const acceptedAfterMs = Date.now() - killedAt;
  const resultsAfterMs = await resultsAgain;
  // Behind the queue the surviving instance took over: informative, not the recovery.
  const firstResult = await follow(gateways, first, 60000);
  const firstVerifiedAfterMs = Date.now() - killedAt - 2000; // follow waits 2 s more once everything is final
  const after = [...first];
  for (let n = SESSIONS_BEFORE_KILL + 1; n < SESSIONS_BEFORE_KILL + SESSIONS_AFTER_KILL; n++) after.push(...(await sessionWithTwoChecks(gateways, n % 2, n)));

  log('— every check followed to its end');
  const all = [...before, ...after];
  const { outcomes, flips } = await follow(gateways, all, DEADLINE_MS + 30000);
  const final = (o) => o !== undefined && FINAL.has(o.status);
  // A check the killed instance had taken (running, or waiting in its queue in memory: images are
  // never stored) ends failed/check_timeout at its deadline, retryable; it is one that no other
  // instance ever started. Every other check ends verified.
  const startedSomewhere = new Set(
    checkLines()
      .filter((l) => l.event === 'start' && l.instance === 'a')
      .map((l) => l.name),
  );
  const heldByKilled = new Set(before.filter((check) => !startedSomewhere.has(check.name)).map((check) => check.name));
  const expected = (check, o) => o.status === 'verified' || (heldByKilled.has(check.name) && o.status === 'failed' && o.reasons === 'check_timeout');
  const stuck = outcomes.filter((o) => !final(o)).length;
  const lost = all.filter((check, i) => final(outcomes[i]) && !expected(check, outcomes[i])).length;
  const timedOut = outcomes.filter((o) => o?.reasons === 'check_timeout').length;
  const lines = checkLines();
  const doneTwice = Object.values(
    countBy(
      lines.filter((l) => l.event === 'done'),
      (l) => l.name,
    ),
  ).filter((count) => count > 1).length;
  const byInstance = countBy(
    lines.filter((l) => l.event === 'done'),
    (l) => l.instance,
  );

  // Peak resident memory of the instances that lived through the run (the chart's requests and
  // limits of the gateway, svc-sessions and NATS come from these).
  const peakMb = (handle) => {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${handle.pid}/status`, 'utf8'));
    return match ? `${Math.round(Number(match[1]) / 1024)} MB` : '?';
  };
  const rows = [
    ['checks accepted (before the kill, after it)', `${all.length} (${before.length}, ${after.length})`],
    ['checks started per verification instance before the kill', `a ${byInstanceBeforeKill.a ?? 0}, b ${byInstanceBeforeKill.b ?? 0}`],
    ['checks done per verification instance', `a ${byInstance.a ?? 0}, b ${byInstance.b ?? 0}`],
    ['ended check_timeout (retryable): taken before the kill by the killed verification instance, running or queued', timedOut],
    ['lost (final, not as expected)', lost],
    ['stuck (not final)', stuck],
    ['decided twice (a final status that changed, a check done twice)', `${flips}, ${doneTwice}`],
    ['a new session and its submissions accepted, after the kill', `${(acceptedAfterMs / 1000).toFixed(1)} s`],
    ['results applied again (one more check verified, of the first sessions or the new one), after the kill', `${(resultsAfterMs / 1000).toFixed(1)} s`],
    ['peak resident memory: svc-gateway, svc-sessions, a NATS node', `${peakMb(gateways[0].process)}, ${peakMb(sessions[0])}, ${peakMb(nats[0])}`],
    [
      "the new session's checks verified, after the kill (behind the queue the surviving instance took over)",
      firstResult.outcomes.every((o) => o?.status === 'verified') ? `${(firstVerifiedAfterMs / 1000).toFixed(1)} s` : 'not verified',
    ],
  ];
  const table = ['| measure | figure |', '|---|---|', ...rows.map(([what, figure]) => `| ${what} | ${figure} |`)].join('\n');
  fs.writeFileSync(path.join(dir, 'report.md'), `${table}\n`);
  log(`\n${table}\n`);

  const problems = [];
  if (lost || stuck) problems.push(`${lost} lost, ${stuck} stuck`);
  if (flips || doneTwice) problems.push(`${flips} final statuses changed, ${doneTwice} checks done twice`);
  if (!byInstanceBeforeKill.a || !byInstanceBeforeKill.b) problems.push('the checks were not spread over both verification instances');
  if (Math.max(acceptedAfterMs, resultsAfterMs) > RECOVERY_GATE_MS) problems.push(`not working again within ${RECOVERY_GATE_MS / 1000} s of the kill`);
  if (problems.length) throw new Error(`scale test: ${problems.join('; ')} (logs: .data/scale/logs)`);
  log('scale test passed');
} catch (error) {
  exitCode = 1;
  fail(error.message);
} finally {
  await group.stop();
}
process.exit(exitCode);
