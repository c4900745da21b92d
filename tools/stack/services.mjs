import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { assertPortFree } from '../lib/ports.mjs';
import { tailLog } from '../lib/process-group.mjs';
import { waitForHttp } from '../lib/wait.mjs';
import { randomSecret } from './local-secrets.mjs';

/**
 * The three NestJS services from their builds; resolves once the gateway reports every check up.
 * svc-sessions gets `sessionsEnv.SESSIONS_SECRET`, else a random one for this stack's life.
 */
export async function startServices(
  group,
  { natsUrl, mongoUri, ports, apiKey, corsOrigins, publicAppUrl, gatewayEnv = {}, sessionsEnv = {}, verificationEnv = {}, verificationScript, echo = false },
) {
  await assertPortFree(ports.gateway, 'svc-gateway');
  const common = { NATS_URL: natsUrl, NODE_ENV: 'production' };
  const main = (service) => path.join(ROOT, service, 'dist/main.js');
  const sessions = group.start('svc-sessions', 'node', [main('svc-sessions')], {
    env: { ...common, MONGODB_URI: mongoUri, PUBLIC_APP_URL: publicAppUrl, SESSIONS_SECRET: randomSecret(), ...sessionsEnv },
    echo,
  });
  // verificationScript: another entry point for svc-verification (the benchmarks' stubbed checks).
  const verification = startVerification(group, { natsUrl, env: verificationEnv, script: verificationScript, echo });
  const gateway = group.start('svc-gateway', 'node', [main('svc-gateway')], {
    env: { ...common, HOST: '127.0.0.1', PORT: String(ports.gateway), API_KEY: apiKey, CORS_ORIGINS: corsOrigins.join(','), ...gatewayEnv },
    echo,
  });
  const apiUrl = `http://127.0.0.1:${ports.gateway}/api`;
  const processes = { 'svc-gateway': gateway, 'svc-sessions': sessions, 'svc-verification': verification };
  try {
    await waitForHttp(`${apiUrl}/health`, 'the services (gateway /api/health)', {
      timeoutMs: 60000,
      exited: () => Object.values(processes).some((p) => p.exited()),
    });
  } catch (error) {
    const exited = Object.entries(processes).filter(([, p]) => p.exited());
    const details = exited.map(([name, p]) => `\n--- ${name} (last lines of its log)\n${tailLog(p.logPath, 15)}`).join('');
    throw new Error(`${error.message}${details}`);
  }
  return { apiUrl, processes };
}

/**
 * svc-verification from its build (or `script`), named `name` in the group and its logs. SIGTERM lets
 * it finish the checks in hand (VERIFICATION_SHUTDOWN_GRACE_MS, 25 s) before it exits.
 */
export function startVerification(group, { natsUrl, env = {}, script, echo = false, name = 'svc-verification' }) {
  return group.start(name, 'node', [script ?? path.join(ROOT, 'svc-verification/dist/main.js')], {
    env: { NATS_URL: natsUrl, NODE_ENV: 'production', ...env },
    echo,
    stopGraceMs: 30000,
  });
}
