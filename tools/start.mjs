#!/usr/bin/env node
/**
 * `npm start`: installs what is missing, builds (cached), starts NATS, FerretDB, the three
 * services and the four frontends, waits until everything is healthy and prints the URLs.
 * A process that crashes is started again; Ctrl-C or SIGTERM stops every process it started.
 */
import path from 'node:path';
import { elapsed, fail, log } from './lib/log.mjs';
import { DATA_DIR } from './lib/paths.mjs';
import { ProcessGroup } from './lib/process-group.mjs';

const begin = performance.now();
const localDir = path.join(DATA_DIR, 'local');
let group;

try {
  const { ensurePrerequisites } = await import('./setup/prerequisites.mjs');
  await ensurePrerequisites();
  const { nx } = await import('./lib/nx.mjs');
  const buildStart = performance.now();
  await nx(['run-many', '-t', 'build']);
  log(`built in ${elapsed(buildStart)}`);

  const { portsFor } = await import('./stack/ports.mjs');
  const { startInfrastructure } = await import('./infra/infrastructure.mjs');
  const { startServices } = await import('./stack/services.mjs');
  const { startFrontends } = await import('./stack/frontends.mjs');
  const { localApiKey, localSecretKey, localSessionsSecret } = await import('./stack/local-secrets.mjs');

  const ports = portsFor('start');
  // A service, NATS or FerretDB that crashes is started again (with back-off), and the terminal says so.
  group = new ProcessGroup({ logDir: path.join(localDir, 'logs'), restartCrashed: true });
  const { natsUrl, mongoUri } = await startInfrastructure(group, { ports, dataDir: localDir, database: 'idv' });
  const apiKey = localApiKey(localDir);
  const appOrigins = [`http://127.0.0.1:${ports.shell}`, `http://localhost:${ports.shell}`];
  const sessionsEnv = { SESSIONS_SECRET: localSessionsSecret(localDir) };
  // Server-side calls: the operator's own keys if given, else one kept for this machine.
  const gatewayEnv = { API_SECRET_KEYS: process.env.API_SECRET_KEYS || `local=${localSecretKey(localDir)}` };
  const { apiUrl } = await startServices(group, {
    natsUrl,
    mongoUri,
    ports,
    apiKey,
    corsOrigins: appOrigins,
    publicAppUrl: appOrigins[1],
    sessionsEnv,
    gatewayEnv,
  });
  const { appUrl } = await startFrontends(group, {
    ports,
    apiUrl,
    apiKey,
    runtimeDir: path.join(localDir, 'shell-runtime'),
    supportContact: process.env.SUPPORT_CONTACT ?? 'support@example.com',
  });

  log(`ready in ${elapsed(begin)}`);
  log(`app:      ${appUrl}`);
  log(`API docs: ${apiUrl}/docs`);
  log(`health:   ${apiUrl}/health`);
  if (!process.env.API_SECRET_KEYS) log(`secret key for server-side calls (x-api-key): ${path.relative(process.cwd(), path.join(localDir, 'secret-key'))}`);
  log(`logs:     ${path.relative(process.cwd(), path.join(localDir, 'logs'))}/   (Ctrl-C stops everything)`);
  await new Promise(() => {});
} catch (error) {
  fail(error.message);
  await group?.stop();
  process.exit(1);
}
