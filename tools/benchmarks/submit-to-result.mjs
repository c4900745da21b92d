#!/usr/bin/env node
/**
 * Submit to result on screen: whole two-person sessions in real Chromium (fake cameras) against
 * the real gateway, services, NATS, FerretDB and AI checks, started here on the benchmark ports.
 * Prints p50, min and max of the time from pressing submit to the outcome on the results page.
 *
 *   npm run bench:submit   (BENCH_RUNS=7 to change the number of sessions)
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { DATA_DIR } from '../lib/paths.mjs';
import { runWithProcessGroup } from '../lib/process-group.mjs';
import { nx } from '../lib/nx.mjs';
import { run } from '../lib/run.mjs';
import { ensurePrerequisites } from '../setup/prerequisites.mjs';
import { startInfrastructure } from '../infra/infrastructure.mjs';
import { portsFor } from '../stack/ports.mjs';
import { startServices } from '../stack/services.mjs';
import { startFrontends } from '../stack/frontends.mjs';

const benchDir = path.join(DATA_DIR, 'bench-submit');
await runWithProcessGroup(benchDir, async (group) => {
  await ensurePrerequisites({ browser: true, ocrFont: true });
  await nx(['run-many', '-t', 'build']);
  const ports = portsFor('bench');
  const infrastructure = await startInfrastructure(group, { ports, dataDir: benchDir, database: 'idv_bench_submit' });
  const apiKey = crypto.randomBytes(32).toString('base64url');
  const appOrigin = `http://127.0.0.1:${ports.shell}`;
  const { apiUrl } = await startServices(group, {
    ...infrastructure,
    ports,
    apiKey,
    corsOrigins: [appOrigin],
    publicAppUrl: appOrigin,
    gatewayEnv: { RATE_LIMIT_VERIFICATION_MAX: '1000', LOG_LEVEL: 'warn' },
    // The fixtures' selfies are the portraits' own photos (copies by construction): checked as a live
    // person's selfie is, whose score the portrait-copy rule does not reach.
    verificationEnv: { LIVENESS_PORTRAIT_COPY: 'advisory' },
  });
  const { appUrl } = await startFrontends(group, {
    ports,
    apiUrl,
    apiKey,
    runtimeDir: path.join(benchDir, 'shell-runtime'),
    supportContact: 'support@example.com',
  });
  await run('npx', ['jest', '-c', 'e2e/jest.bench.config.cjs', '--runInBand', '--silent=false'], {
    env: { ...process.env, E2E_APP_URL: appUrl, E2E_API_URL: apiUrl, E2E_API_KEY: apiKey, E2E_DATA_DIR: benchDir },
  });
});
