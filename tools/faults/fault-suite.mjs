#!/usr/bin/env node
/**
 * The fault suite: the real gateway, svc-sessions, svc-verification, NATS and FerretDB, started
 * here on their own ports, broken on purpose while checks are in flight, with the default
 * deadlines. Each scenario submits checks through the gateway's HTTP API, breaks one thing (kill -9,
 * NATS away for 60 s, the database away for 120 s, past the checks' deadline), brings it back the way an operator's supervisor would, and follows every
 * submission to its end. It prints a table (scenario | accepted | lost | stuck | duplicated | 5xx
 * after recovery | health 200 after | recovery time | when every check had ended), writes it to .data/faults/report.md, and exits 1 unless every
 * count is 0. Last, it runs `npm start` as a user would, kills its svc-sessions with kill -9 (its
 * supervisor must start it again: health 200 within 60 s) and sends SIGTERM to it: every process
 * it started must be gone.
 *
 * svc-verification runs with its AI checks stubbed to take STUB_CHECK_MS and then verify
 * (tools/stack/stub-verification.cjs): what is under test is what happens around a check (queue,
 * deadline, result publishing, JetStream, reconnection), and a check must be in flight for a
 * known time when the fault strikes. Everything else is the service as built.
 *
 *   npm run test:faults        (part of `npm test`; needs the builds: `npm run build`)
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { fail, log } from '../lib/log.mjs';
import { DATA_DIR, ROOT } from '../lib/paths.mjs';
import { ProcessGroup } from '../lib/process-group.mjs';
import { waitForHttp } from '../lib/wait.mjs';
import { startFerretdbProcess } from '../infra/ferretdb.mjs';
import { startNats } from '../infra/nats.mjs';
import { portsFor, SECOND_STACK_SHIFT } from '../stack/ports.mjs';
import { claimsWithLostAnswers } from './claims-with-lost-answers.mjs';
import { startServices } from '../stack/services.mjs';
import { ANA, BO, createSessionBody } from '../lib/session-body.mjs';

const CHECK_MS = 5000;
/** svc-sessions' default (CHECK_DEADLINE_MS): what ships is what is tested. */
const DEADLINE_MS = 90000;
const NATS_OUTAGE_MS = 60000;
/**
 * Longer than the checks' deadline: their results, decided within seconds, reach svc-sessions only
 * after it, and must be kept (a decision made before the deadline counts, whenever it is applied).
 */
const DATABASE_OUTAGE_MS = 120000;
const FINAL = new Set(['verified', 'failed', 'declined', 'cancelled']);

const dir = path.join(DATA_DIR, 'faults');
fs.rmSync(dir, { recursive: true, force: true });
const group = new ProcessGroup({ logDir: path.join(dir, 'logs') });
const ports = portsFor('faults');
const apiKey = crypto.randomBytes(32).toString('base64url');
/** The suite calls the API as a server-side client, with a secret key of its own. */
const secretKey = crypto.randomBytes(32).toString('base64url');
/** svc-sessions' secret: the same for its restarts, as in production (a repeat's key makes what it made before). */
const sessionsEnv = { SESSIONS_SECRET: crypto.randomBytes(32).toString('base64url') };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const stubScript = path.join(ROOT, 'tools/stack/stub-verification.cjs');
const verificationEnv = { STUB_CHECK_MS: String(CHECK_MS) };
let apiUrl;
let processes;
let nats;
let database;
let restarts = 0;

/** One call to the gateway, with its Retry-After and how long it took; network errors count as status 0. */
async function api(method, route, { body, token } = {}) {
  const headers = { 'content-type': 'application/json', 'x-api-key': secretKey };
  if (token) headers['x-session-token'] = token;
  const start = Date.now();
  try {
    const response = await fetch(`${apiUrl}${route}`, { method, headers, body: body && JSON.stringify(body), signal: AbortSignal.timeout(10000) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {}, retryAfter: response.headers.get('retry-after'), ms: Date.now() - start };
  } catch {
    return { status: 0, body: {}, retryAfter: null, ms: Date.now() - start };
  }
}

const image = `data:image/jpeg;base64,${(
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#8a8a8a' } })
    .jpeg()
    .toBuffer()
).toString('base64')}`;
const submission = (realName) => ({ realName, idDocumentFront: image, idDocumentBack: image, selfie: image, proofOfLife: '' });

/** A new session's request: Ana (the initiator) and Bo. */
const people = (purpose) => createSessionBody([ANA, BO], purpose);

/** A session of Ana (the initiator) and Bo, Bo's place claimed: both may submit. */
async function sessionOfAnaAndBo(purpose) {
  const created = await api('POST', '/sessions', { body: people(purpose) });
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
  const { session, initiatorToken } = created.body;
  const [ana, bo] = session.participants;
  const claim = await api('POST', `/sessions/${session._id}/participants/${bo._id}/claim`, { body: { email: bo.email, termsAccepted: true } });
  if (claim.status !== 200) throw new Error(`claim answered ${claim.status}`);
  return { session, initiatorToken, ana, bo, claim };
}

/** A two-person session in which both submit: two checks. Returns what was accepted. */
async function sessionWithTwoChecks() {
  const { session, initiatorToken, ana, bo, claim } = await sessionOfAnaAndBo('Fault suite');
  const checks = [];
  for (const [participant, token, name] of [
    [ana, initiatorToken, 'Ana Pérez'],
    [bo, claim.body.participantToken, 'Bo Li'],
  ]) {
    const answer = await api('POST', `/verification/${session._id}/${participant._id}`, { body: submission(name), token });
    if (answer.status !== 202) throw new Error(`a submission answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    checks.push({ sessionId: session._id, participantId: participant._id });
  }
  return checks;
}

async function submitChecks(sessions) {
  const checks = [];
  for (let i = 0; i < sessions; i++) checks.push(...(await sessionWithTwoChecks()));
  return checks;
}

/**
 * Follows every check until it is final or `withinMs` pass; a final status that changes later
 * counts as duplicated, a 5xx answer after `recoveredAt` as a 5xx.
 */
async function follow(checks, { withinMs, expect, recoveredAt }) {
  const sessionIds = [...new Set(checks.map((c) => c.sessionId))];
  const seen = new Map();
  let flips = 0;
  let serverErrors = 0;
  const final = (o) => o !== undefined && FINAL.has(o.status);
  /** One read of every session; each check's outcome as it is now. */
  const readAll = async () => {
    for (const sessionId of sessionIds) {
      const answer = await api('GET', `/sessions/${sessionId}`);
      if (answer.status >= 500 && Date.now() >= recoveredAt) serverErrors++;
      if (answer.status !== 200) continue;
      for (const participant of answer.body.participants) {
        const before = seen.get(participant._id);
        const now = { status: participant.status, reasons: (participant.result?.reasons ?? []).map((r) => r.code).join(',') };
        if (final(before) && (before.status !== now.status || before.reasons !== now.reasons)) flips++;
        seen.set(participant._id, now);
      }
    }
    return checks.map((c) => seen.get(c.participantId));
  };
  const until = Date.now() + withinMs;
  let outcomes = await readAll();
  while (!outcomes.every(final) && Date.now() <= until) {
    await sleep(500);
    outcomes = await readAll();
  }
  const settledAt = Date.now();
  if (outcomes.every(final)) {
    // One more read a little later: nothing may move any more.
    await sleep(2000);
    await readAll();
  }
  const stuck = outcomes.filter((o) => !final(o)).length;
  const lost = outcomes.filter((o) => final(o) && !expect(o)).length;
  return { outcomes, stuck, lost, flips, serverErrors, settledAt };
}

/**
 * From the end of a fault until a submission made then gets its result (a stubbed check takes
 * CHECK_MS of it): the stack works again.
 */
async function timeToRecover(faultEndedAt) {
  await waitForHttp(`${apiUrl}/health`, 'the gateway health', { timeoutMs: 60000 });
  const healthy = Date.now() - faultEndedAt;
  for (;;) {
    try {
      const checks = await sessionWithTwoChecks();
      const { stuck, lost } = await follow(checks, { withinMs: 60000, expect: (o) => o.status === 'verified', recoveredAt: Infinity });
      if (stuck === 0 && lost === 0) return { healthy, working: Date.now() - faultEndedAt };
      throw new Error('a submission after the fault did not end verified');
    } catch (error) {
      if (Date.now() - faultEndedAt > 120000) throw error;
      await sleep(1000);
    }
  }
}

function restartVerification(extraEnv = {}) {
  restarts++;
  processes['svc-verification'] = group.start(`svc-verification-restart-${restarts}`, 'node', [stubScript], {
    env: { NATS_URL: `nats://127.0.0.1:${ports.nats}`, NODE_ENV: 'production', ...verificationEnv, ...extraEnv },
  });
}

function restartSessions(mongoUri) {
  restarts++;
  processes['svc-sessions'] = group.start(`svc-sessions-restart-${restarts}`, 'node', [path.join(ROOT, 'svc-sessions/dist/main.js')], {
    env: { NATS_URL: `nats://127.0.0.1:${ports.nats}`, NODE_ENV: 'production', MONGODB_URI: mongoUri, PUBLIC_APP_URL: 'http://127.0.0.1:1', ...sessionsEnv },
  });
}

const kill9 = (handle) => process.kill(handle.pid, 'SIGKILL');
const verified = (outcome) => outcome.status === 'verified';

/**
 * The shape of every scenario: two sessions' checks submitted and under way, the fault, the stack
 * restored; then every accepted check followed to its end (`expect` says which end) while a new
 * submission measures when the stack works again.
 */
async function withChecksInFlight({ fault, restore, expect, withinMs = DEADLINE_MS }) {
  const checks = await submitChecks(2);
  await sleep(1000);
  await fault();
  await restore();
  const endedAt = Date.now();
  const [result, recovery] = await Promise.all([follow(checks, { withinMs, expect, recoveredAt: endedAt + 15000 }), timeToRecover(endedAt)]);
  return { checks, result, endedAt, recovery };
}

/**
 * A dependency killed (-9) and kept away for `ms`; halfway through, health must answer 503, and so
 * must a call that needs it: within a second and with Retry-After, as a busy service answers, not
 * a 504 after the gateway's own timeout.
 */
async function outage({ what, kill, ms }) {
  kill();
  await sleep(ms / 2);
  const during = await healthStatus(`${apiUrl}/health`, 5000);
  if (during !== 503) throw new Error(`health answered ${during} while ${what} was away, not 503`);
  const started = Date.now();
  const create = await api('POST', '/sessions', { body: people('Fault suite: a call during an outage') });
  if (create.status !== 503 || !create.retryAfter || create.ms > 1000) {
    throw new Error(
      `a new session while ${what} was away answered ${create.status} in ${create.ms} ms, Retry-After ${create.retryAfter}: not 503 with Retry-After within 1 s`,
    );
  }
  log(`  a call while ${what} was away: 503 in ${create.ms} ms, Retry-After ${create.retryAfter} s`);
  await sleep(Math.max(0, ms / 2 - (Date.now() - started)));
}

const SCENARIOS = [
  {
    name: 'svc-verification killed (-9) mid-check, restarted',
    expected: 'every check ends failed/check_timeout at its deadline (retryable), none stays submitted',
    run: () =>
      withChecksInFlight({
        fault: async () => {
          kill9(processes['svc-verification']);
          await sleep(2000);
        },
        restore: restartVerification,
        expect: (o) => o.status === 'failed' && o.reasons === 'check_timeout',
        withinMs: DEADLINE_MS + 30000,
      }),
  },
  {
    name: `NATS killed (-9) for ${NATS_OUTAGE_MS / 1000} s with checks in flight`,
    expected: 'every result arrives (verified), no service restarted by hand; health 503 during the outage and 200 within 5 s of its end',
    async run() {
      const outcome = await withChecksInFlight({
        fault: () => outage({ what: 'NATS', kill: () => kill9(nats), ms: NATS_OUTAGE_MS }),
        restore: async () => {
          nats = await startNatsProcess(`nats-restart-${++restarts}`);
        },
        expect: verified,
      });
      // Health answers 200 within 5 s of NATS's return, nothing restarted by hand.
      if (outcome.recovery.healthy > 5000) throw new Error(`health answered 200 only ${outcome.recovery.healthy} ms after NATS returned (target: 5 s)`);
      return outcome;
    },
  },
  {
    name: `the database (FerretDB) killed (-9) for ${DATABASE_OUTAGE_MS / 1000} s with checks in flight`,
    expected:
      "every result arrives (verified), though applied after the checks' deadline: each was decided before it; svc-sessions keeps them in JetStream until it can write them; health and a new session 503 (Retry-After, within 1 s) during the outage",
    run: () =>
      withChecksInFlight({
        // The checks (STUB_CHECK_MS) end while the database is away: their results must wait.
        fault: () => outage({ what: 'the database', kill: () => kill9(database), ms: DATABASE_OUTAGE_MS }),
        restore: async () => {
          database = await startDatabase(`ferretdb-restart-${++restarts}`);
        },
        expect: verified,
      }),
  },
  {
    name: 'svc-verification stopped (SIGTERM) with checks in flight, started again',
    expected: 'every check finishes and its result arrives (verified); the process exits by itself within its grace period',
    run: () =>
      withChecksInFlight({
        fault: stopVerificationGracefully,
        restore: restartVerification,
        expect: verified,
      }),
  },
  {
    name: 'svc-sessions killed (-9) with checks in flight, restarted 10 s later',
    expected: 'every result arrives (verified): JetStream keeps them until svc-sessions takes them',
    run: (mongoUri) =>
      withChecksInFlight({
        fault: async () => {
          kill9(processes['svc-sessions']);
          await sleep(10000);
        },
        restore: () => restartSessions(mongoUri),
        expect: verified,
      }),
  },
];

/** SIGTERM to svc-verification: it must finish its checks and exit by itself, cleanly, within 35 s. */
async function stopVerificationGracefully() {
  const stopping = processes['svc-verification'];
  const signalledAt = Date.now();
  process.kill(stopping.pid, 'SIGTERM');
  while (!stopping.exited()) {
    if (Date.now() - signalledAt > 35000) throw new Error('svc-verification did not exit within 35 s of SIGTERM');
    await sleep(200);
  }
  // Nest re-raises the signal once its shutdown hooks are done: SIGTERM (or 0) is a clean exit; SIGKILL would not be.
  if (![0, 'SIGTERM'].includes(stopping.exitCode())) throw new Error(`svc-verification exited with ${stopping.exitCode()} after SIGTERM`);
  log(`  svc-verification finished its checks and exited ${((Date.now() - signalledAt) / 1000).toFixed(1)} s after SIGTERM`);
}

/**
 * 20 submissions at once on one svc-verification instance that runs 2 checks and holds 4 waiting
 * (restarted so for this scenario: 6 at most are taken): each is answered 202 or 503
 * `verification_busy`; every 202 ends with its check's result, and a refused one changed nothing
 * (its person is still pending and can submit again).
 */
async function submissionsPastCapacity() {
  await stopVerificationGracefully();
  restartVerification({ VERIFICATION_CONCURRENCY: '2', VERIFICATION_QUEUE_MAX: '4' });
  await waitForHttp(`${apiUrl}/health`, 'the gateway health (svc-verification back)', { timeoutMs: 30000 });
  const places = [];
  for (let i = 0; i < 10; i++) {
    const { session, initiatorToken, ana, bo, claim } = await sessionOfAnaAndBo('Fault suite: capacity');
    places.push({ sessionId: session._id, participantId: ana._id, token: initiatorToken, name: 'Ana Pérez' });
    places.push({ sessionId: session._id, participantId: bo._id, token: claim.body.participantToken, name: 'Bo Li' });
  }
  const answers = await Promise.all(
    places.map((p) => api('POST', `/verification/${p.sessionId}/${p.participantId}`, { body: submission(p.name), token: p.token })),
  );
  const accepted = places.filter((_, i) => answers[i].status === 202);
  const busy = places.filter((_, i) => answers[i].status === 503 && answers[i].body.code === 'verification_busy');
  const other = answers.length - accepted.length - busy.length;
  const result = await follow(accepted, { withinMs: DEADLINE_MS, expect: verified, recoveredAt: Date.now() });
  // A refused submission changed nothing: its person is still pending.
  let changedByRefusal = 0;
  for (const place of busy) {
    const answer = await api('GET', `/sessions/${place.sessionId}`);
    if (answer.body.participants?.find((p) => p._id === place.participantId)?.status !== 'pending') changedByRefusal++;
  }
  return { sent: places.length, accepted: accepted.length, busy: busy.length, other, lost: result.lost, stuck: result.stuck, changedByRefusal };
}

/** FerretDB on the suite's port and data folder: a restart finds everything written before. */
async function startDatabase(name) {
  const { uri, process: handle } = await startFerretdbProcess(group, { port: ports.mongo, dataDir: dir, database: 'idv_faults', name });
  return { ...handle, uri };
}

async function startNatsProcess(name) {
  const { url, process: handle } = await startNats(group, { port: ports.nats, dataDir: dir, name });
  return { ...handle, url };
}

/** Every process below `pid` (children, grandchildren, ...), from /proc. */
function descendantsOf(pid) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const walk = (parent) => {
    for (const [child, ppid] of parents) if (ppid === parent) found.push(child) && walk(child);
  };
  walk(pid);
  return found;
}

const alive = (pid) => fs.existsSync(`/proc/${pid}`) && !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');

/**
 * `npm start` as a user runs it (its own ports and data directory), stopped with SIGTERM to the
 * process the user started: every process it started must be gone.
 */
async function stopNpmStart() {
  const shift = SECOND_STACK_SHIFT;
  const base = portsFor('faults');
  const env = {
    ...process.env,
    IDV_DATA_DIR: path.join(dir, 'npm-start'),
    GATEWAY_PORT: String(base.gateway + shift),
    SHELL_PORT: String(base.shell + shift),
    MF_LANDING_PORT: String(base.landing + shift),
    MF_SESSION_PORT: String(base.session + shift),
    MF_VERIFY_PORT: String(base.verify + shift),
    NATS_PORT: String(base.nats + shift),
    FERRETDB_PORT: String(base.mongo + shift),
  };
  delete env.NATS_URL;
  delete env.MONGODB_URI;
  const npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = fs.createWriteStream(path.join(dir, 'logs', 'npm-start.log'));
  let ready = false;
  npm.stdout.on('data', (chunk) => {
    output.write(chunk);
    if (chunk.toString().includes('ready in')) ready = true;
  });
  npm.stderr.on('data', (chunk) => output.write(chunk));
  const startedAt = Date.now();
  while (!ready) {
    if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}) before it was ready: see logs/npm-start.log`);
    // A clean CI run has no Nx cache: npm start builds everything again first.
    if (Date.now() - startedAt > 600000) throw new Error('npm start was not ready within 600 s');
    await sleep(500);
  }
  // A crashed service is started again by npm start's supervisor: kill -9 svc-sessions, then the
  // API must answer healthy again from a new svc-sessions process.
  const sessionsPid = () => descendantsOf(npm.pid).find((pid) => commandLine(pid).includes('svc-sessions/dist/main.js'));
  const crashed = sessionsPid();
  if (!crashed) throw new Error('npm start runs no svc-sessions process');
  const killedAt = Date.now();
  process.kill(crashed, 'SIGKILL');
  let restartedIn;
  while (restartedIn === undefined && Date.now() - killedAt < 60000) {
    await sleep(250);
    const now = sessionsPid();
    if (now && now !== crashed && (await healthStatus(`http://127.0.0.1:${env.GATEWAY_PORT}/api/health`)) === 200) restartedIn = Date.now() - killedAt;
  }
  if (restartedIn === undefined) throw new Error('npm start did not restart svc-sessions within 60 s after kill -9 (see logs/npm-start.log)');

  const started = descendantsOf(npm.pid);
  const signalledAt = Date.now();
  npm.kill('SIGTERM');
  let left = started.filter(alive);
  while (left.length > 0 && Date.now() - signalledAt < 45000) {
    await sleep(250);
    left = started.filter(alive);
  }
  const stoppedIn = Date.now() - signalledAt;
  for (const pid of left) process.kill(pid, 'SIGKILL');
  return { processes: started.length, left: left.length, stoppedIn, restartedIn };
}

/** A process's command line, '' once it is gone. */
function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

async function healthStatus(url, timeoutMs = 2000) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })).status;
  } catch {
    return 0;
  }
}

let exitCode = 0;
const rows = [];
let stopRow;
let claimsRow;
let capacityRow;
try {
  nats = await startNatsProcess('nats');
  database = await startDatabase('ferretdb');
  const mongoUri = database.uri;
  ({ apiUrl, processes } = await startServices(group, {
    natsUrl: nats.url,
    mongoUri,
    ports,
    apiKey,
    corsOrigins: ['http://127.0.0.1:1'],
    publicAppUrl: 'http://127.0.0.1:1',
    gatewayEnv: { RATE_LIMIT_VERIFICATION_MAX: '1000', RATE_LIMIT_MAX: '100000', RATE_LIMIT_KEY_MAX: '1000000', API_SECRET_KEYS: `fault-suite=${secretKey}` },
    sessionsEnv,
    verificationEnv,
    verificationScript: stubScript,
  }));
  for (const scenario of SCENARIOS) {
    log(`fault: ${scenario.name}`);
    const { checks, result, endedAt, recovery } = await scenario.run(mongoUri);
    const row = {
      scenario: scenario.name,
      expected: scenario.expected,
      accepted: checks.length,
      lost: result.lost,
      stuck: result.stuck,
      duplicated: result.flips,
      serverErrors: result.serverErrors,
      healthy: `${(recovery.healthy / 1000).toFixed(1)} s`,
      recovery: `${(recovery.working / 1000).toFixed(1)} s`,
      settled: `${((result.settledAt - endedAt) / 1000).toFixed(1)} s`,
      outcomes: [...new Set(result.outcomes.map((o) => (o ? `${o.status}${o.reasons ? `/${o.reasons}` : ''}` : 'none')))].join(', '),
    };
    rows.push(row);
    log(`  ${JSON.stringify(row)}`);
  }
  log('fault: 20 submissions at once on an instance that runs 2 checks and holds 4 waiting');
  capacityRow = await submissionsPastCapacity();
  log(`  ${JSON.stringify(capacityRow)}`);
  log('fault: 100 claims whose answers are lost (svc-sessions frozen past a 1 s gateway timeout), repeated with their Idempotency-Keys');
  claimsRow = await claimsWithLostAnswers({
    group,
    natsUrl: nats.url,
    apiUrl,
    // A second gateway, with a 1 s service timeout, next to the suite's.
    gatewayPort: ports.gateway + 1,
    apiKey,
    secretKey,
    sessionsProcess: processes['svc-sessions'],
    log,
  });
  await group.stop();
  log('npm start: kill -9 svc-sessions (restarted by its supervisor), then SIGTERM to npm start');
  stopRow = await stopNpmStart();
  log(`  ${JSON.stringify(stopRow)}`);
} catch (error) {
  exitCode = 1;
  fail(error.stack ?? error.message);
  log(`process logs: ${path.relative(process.cwd(), path.join(dir, 'logs'))}/`);
} finally {
  await group.stop();
}

const table = [
  '| scenario | accepted checks | lost | stuck | duplicated | 5xx after recovery | health 200 after | recovery time | every check ended after | outcomes |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.scenario} | ${r.accepted} | ${r.lost} | ${r.stuck} | ${r.duplicated} | ${r.serverErrors} | ${r.healthy} | ${r.recovery} | ${r.settled} | ${r.outcomes} |`,
  ),
].join('\n');
const capacityTable = capacityRow
  ? [
      '| submissions sent at once | 202 | 503 verification_busy | other answers | accepted that did not end verified | stuck | refused that changed anything |',
      '|---|---|---|---|---|---|---|',
      `| ${capacityRow.sent} | ${capacityRow.accepted} | ${capacityRow.busy} | ${capacityRow.other} | ${capacityRow.lost} | ${capacityRow.stuck} | ${capacityRow.changedByRefusal} |`,
    ].join('\n')
  : '(submissions past capacity: not reached)';
const claimsTable = claimsRow
  ? [
      '| claims sent at once | first answers | answers lost | clients left without a token | places locked (claimed, not by its client) | token changed on a repeat |',
      '|---|---|---|---|---|---|',
      `| ${claimsRow.claims} | ${claimsRow.firstStatuses} | ${claimsRow.lostAnswers} | ${claimsRow.withoutToken} | ${claimsRow.locked} | ${claimsRow.changedToken} |`,
    ].join('\n')
  : '(claims with lost answers: not reached)';
const stopTable = stopRow
  ? [
      '| `npm start` | processes it had started | left after | time |',
      '|---|---|---|---|',
      `| kill -9 svc-sessions: restarted by the supervisor, health 200 again | - | - | ${(stopRow.restartedIn / 1000).toFixed(1)} s |`,
      `| SIGTERM to \`npm start\` | ${stopRow.processes} | ${stopRow.left} | ${(stopRow.stoppedIn / 1000).toFixed(1)} s |`,
    ].join('\n')
  : '(SIGTERM to `npm start`: not reached)';
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(
  path.join(dir, 'report.md'),
  `${table}\n\n${capacityTable}\n\n${claimsTable}\n\n${stopTable}\n\nExpected:\n${rows.map((r) => `- ${r.scenario}: ${r.expected}`).join('\n')}\n- submissions past capacity (2 running, 4 waiting): each answered 202 or 503 verification_busy, every 202 ends verified, a refused one changes nothing\n- claims with lost answers: every client ends with a token that holds its place, and a repeat answers the same token\n`,
);
process.stdout.write(`\n${table}\n\n${capacityTable}\n\n${claimsTable}\n\n${stopTable}\n\n`);
if (rows.length !== SCENARIOS.length || rows.some((r) => r.lost + r.stuck + r.duplicated + r.serverErrors > 0)) exitCode = 1;
if (!stopRow || stopRow.left > 0 || stopRow.processes === 0) exitCode = 1;
if (!capacityRow || capacityRow.other + capacityRow.lost + capacityRow.stuck + capacityRow.changedByRefusal > 0 || capacityRow.busy === 0) exitCode = 1;
if (!claimsRow || claimsRow.withoutToken + claimsRow.locked + claimsRow.changedToken > 0) exitCode = 1;
log(`fault suite ${exitCode === 0 ? 'passed' : 'FAILED'} (report: ${path.relative(process.cwd(), path.join(dir, 'report.md'))})`);
process.exit(exitCode);
