#!/usr/bin/env node
/**
 * `npm test`: every suite of the workspace, exiting non-zero on any failure.
 *  1. installs what is missing (npm packages, nats-server, chromium, FerretDB, nginx);
 *  2. formatting (Prettier); lint, typecheck, unit tests and builds of every project (Nx, cached); unused code (knip); what
 *     each service image holds (tools/deploy/check-service-images.mjs);
 *  3. starts a fresh NATS and FerretDB on the test ports and runs the integration suites;
 *  3b. the fault suite: its own stack, broken on purpose (tools/faults/fault-suite.mjs);
 *  3c. the scale test: a NATS cluster and two instances of each service, some killed (tools/scale/scale-test.mjs);
 *  4. starts the services and frontends against them and runs the browser suites in Chromium, then the API fuzzers;
 *  4b. restarts svc-verification as deployed, with no setting changed, and runs the browser suites written for it
 *      (*.default-e2e.ts), then with liveness enforced, and runs those written for that (*.enforced-e2e.ts);
 *  5. stops every process it started.
 */
import fs from 'node:fs';
import path from 'node:path';
import { elapsed, fail, log } from './lib/log.mjs';
import { DATA_DIR } from './lib/paths.mjs';
import { ProcessGroup } from './lib/process-group.mjs';

const begin = performance.now();
const testDir = path.join(DATA_DIR, 'test');
const steps = [];
let group;

async function step(name, action) {
  const start = performance.now();
  log(`— ${name}`);
  try {
    await action();
    steps.push(`${name}: passed in ${elapsed(start)}`);
  } catch (error) {
    steps.push(`${name}: FAILED in ${elapsed(start)}`);
    throw error;
  }
}

let exitCode = 0;
try {
  const { ensurePrerequisites } = await import('./setup/prerequisites.mjs');
  const { run } = await import('./lib/run.mjs');
  const { nx } = await import('./lib/nx.mjs');
  const { portsFor } = await import('./stack/ports.mjs');
  const { startInfrastructure } = await import('./infra/infrastructure.mjs');
  const { startServices, startVerification } = await import('./stack/services.mjs');
  const { waitForHttp } = await import('./lib/wait.mjs');
  const { startFrontends } = await import('./stack/frontends.mjs');
  const crypto = await import('node:crypto');

  await step('setup', () => ensurePrerequisites({ browser: true, ocrFont: true, nginx: true, fuzzer: true }));
  // One layout for every file (.prettierrc.json): `npm run format` writes it.
  await step('formatting (Prettier)', () => run('npx', ['prettier', '--check', '.']));
  await step('lint, typecheck, unit tests, build', () => nx(['run-many', '-t', 'lint', 'typecheck', 'test', 'build']));
  // Unused files, exports and dependencies (knip.jsonc): none may land.
  await step('unused code and dependencies (knip)', () => run('npx', ['knip', '--no-progress']));
  // deploy/service.Dockerfile's stages run here: each image holds its service's dependencies, no more.
  await step('service images (own production dependencies)', () => run('node', ['tools/deploy/check-service-images.mjs']));

  // A fresh database and stream store for every run: tests start from nothing.
  fs.rmSync(testDir, { recursive: true, force: true });
  const ports = portsFor('test');
  group = new ProcessGroup({ logDir: path.join(testDir, 'logs') });
  const infrastructure = await startInfrastructure(group, { ports, dataDir: testDir, database: 'idv_test' });
  const infraEnv = { NATS_URL: infrastructure.natsUrl, MONGODB_URI: infrastructure.mongoUri };

  await step('integration (real NATS and database)', () => nx(['run-many', '-t', 'integration', '--parallel=1'], infraEnv));
  await step('faults (real processes killed, NATS away 60 s, the database 120 s)', () => run('node', ['tools/faults/fault-suite.mjs']));
  await step('scale (a 3-node NATS cluster, two of each service, one of each and a NATS node killed)', () => run('node', ['tools/scale/scale-test.mjs']));

  const apiKey = crypto.randomBytes(32).toString('base64url');
  const fuzzKey = crypto.randomBytes(32).toString('base64url');
  // The browser tests' API calls as a server-side client (a secret key of their own).
  const e2eSecretKey = crypto.randomBytes(32).toString('base64url');
  const appOrigin = `http://127.0.0.1:${ports.shell}`;
  let urls;
  let verificationProcess;
  await step('start the stack for browser tests', async () => {
    // Every test browser submits from 127.0.0.1: the per-client submission limit (20/min) would
    // throttle the suite, not a client (so would the per-client limit of live streams, with every
    // browser's pages open at once). The limits themselves are proven in svc-gateway's integration tests.
    // The fuzzer calls as a server-side client would, with a secret key of its own.
    const gatewayEnv = {
      RATE_LIMIT_VERIFICATION_MAX: '200',
      SESSION_STREAMS_PER_CLIENT: '200',
      API_SECRET_KEYS: `api-fuzzer=${fuzzKey},e2e=${e2eSecretKey}`,
      RATE_LIMIT_KEY_MAX: '100000',
      RATE_LIMIT_KEY_VERIFICATION_MAX: '100000',
    };
    const { apiUrl, processes } = await startServices(group, {
      ...infrastructure,
      ports,
      apiKey,
      corsOrigins: [appOrigin],
      publicAppUrl: appOrigin,
      gatewayEnv,
      // The test people's selfies are the portraits' own photos (copies by construction), which the
      // portrait-copy rule refuses; the steps after the browser tests run it as deployed.
      verificationEnv: { LIVENESS_PORTRAIT_COPY: 'advisory' },
    });
    verificationProcess = processes['svc-verification'];
    const { appUrl } = await startFrontends(group, {
      ports,
      apiUrl,
      apiKey,
      runtimeDir: path.join(testDir, 'shell-runtime'),
      supportContact: 'support@example.com',
    });
    urls = { apiUrl, appUrl };
  });
  await step('browser (Chromium)', () =>
    nx(['run', '@idv/e2e:e2e'], {
      ...infraEnv,
      E2E_APP_URL: urls.appUrl,
      E2E_API_URL: urls.apiUrl,
      E2E_API_KEY: apiKey,
      E2E_SECRET_API_KEY: e2eSecretKey,
      E2E_LOG_DIR: path.join(testDir, 'logs'),
      E2E_DATA_DIR: testDir,
    }),
  );
  // After the browser tests, on the same stack: the fuzzer's sessions are in no test's way.
  const { fuzzApi, fuzzApiStock } = await import('./fuzz/api-fuzz.mjs');
  await step('API fuzzing (schemathesis: every check, stateful phase included)', () => fuzzApi({ apiUrl: urls.apiUrl, apiKey: fuzzKey }));
  // As anyone would first run it, with no configuration: only the rules schemathesis.toml documents may fail.
  await step('API fuzzing, stock settings (schemathesis with no configuration)', () => fuzzApiStock({ apiUrl: urls.apiUrl, apiKey: fuzzKey }));
  /** svc-verification alone restarted on the same stack, as `name` with `env`, then the browser suites of `target`. */
  const browserSuitesWithVerification = async ({ name, env, what, target }) => {
    await verificationProcess.stop();
    verificationProcess = startVerification(group, { natsUrl: infrastructure.natsUrl, env, name });
    await waitForHttp(`${urls.apiUrl}/health`, `svc-verification ${what} (gateway /api/health)`, { timeoutMs: 60000, exited: verificationProcess.exited });
    await nx(['run', target], {
      ...infraEnv,
      E2E_APP_URL: urls.appUrl,
      E2E_API_URL: urls.apiUrl,
      E2E_API_KEY: apiKey,
      E2E_LOG_DIR: path.join(testDir, 'logs'),
      E2E_DATA_DIR: testDir,
    });
  };
  // Then liveness as deployed, with no setting changed (*.default-e2e.ts).
  await step('browser, liveness as deployed by default (Chromium)', () =>
    browserSuitesWithVerification({ name: 'svc-verification-default', env: {}, what: 'as deployed', target: '@idv/e2e:e2e-default' }),
  );
  // Last, liveness enforced, as an operator sets it (*.enforced-e2e.ts).
  await step('browser, liveness enforced (Chromium)', () =>
    browserSuitesWithVerification({
      name: 'svc-verification-enforced',
      env: { LIVENESS_HEAD_TURNS: 'enforced' },
      what: 'with liveness enforced',
      target: '@idv/e2e:e2e-enforced',
    }),
  );
} catch (error) {
  exitCode = 1;
  fail(error.message);
  if (group) log(`process logs: ${path.relative(process.cwd(), path.join(testDir, 'logs'))}/`);
} finally {
  await group?.stop();
}

log('summary:');
for (const line of steps) log(`  ${line}`);
log(`npm test ${exitCode === 0 ? 'passed' : 'FAILED'} in ${elapsed(begin)}`);
process.exit(exitCode);
