import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';
import { assertPortFree } from '../lib/ports.mjs';
import { waitForHttp } from '../lib/wait.mjs';
import { contentSecurityPolicy } from './content-security-policy.mjs';

const SERVER = path.join(ROOT, 'tools/serve-static.mjs');

/**
 * The shell and its remotes from their production builds, each on its own port like separate
 * deployments. The shell's deploy-time files (config.json, remotes.json) are written to an
 * overlay folder and served over the build.
 */
export async function startFrontends(group, { ports, apiUrl, apiKey, runtimeDir, supportContact }) {
  const origin = (port) => `http://127.0.0.1:${port}`;
  const remotes = {
    mf_landing: `${origin(ports.landing)}/mf-manifest.json`,
    mf_session: `${origin(ports.session)}/mf-manifest.json`,
    mf_verify: `${origin(ports.verify)}/mf-manifest.json`,
  };
  const config = { apiBaseUrl: apiUrl, apiKey, supportContact };
  fs.mkdirSync(runtimeDir, { recursive: true });
  fs.writeFileSync(path.join(runtimeDir, 'remotes.json'), `${JSON.stringify(remotes, null, 2)}\n`);
  fs.writeFileSync(path.join(runtimeDir, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);

  const remoteOrigins = [ports.landing, ports.session, ports.verify].map(origin);
  const shellOrigins = [origin(ports.shell), `http://localhost:${ports.shell}`];
  const csp = contentSecurityPolicy({ remoteOrigins, apiOrigin: new URL(apiUrl).origin });
  const headers = ['--csp', csp, '--cors-origins', shellOrigins.join(',')];
  const apps = [
    { name: 'mf-landing', port: ports.landing, extra: headers },
    { name: 'mf-session', port: ports.session, extra: headers },
    { name: 'mf-verify', port: ports.verify, extra: headers },
    { name: 'shell', port: ports.shell, extra: ['--overlay', runtimeDir, '--spa', ...headers] },
  ];
  for (const app of apps) await assertPortFree(app.port, app.name);
  const started = apps.map((app) => ({
    ...app,
    handle: group.start(app.name, 'node', [SERVER, '--root', path.join(ROOT, app.name, 'dist'), '--port', String(app.port), ...(app.extra ?? [])]),
  }));
  await Promise.all(started.map((app) => waitForHttp(`${origin(app.port)}/health`, app.name, { timeoutMs: 15000, exited: app.handle.exited })));
  return { appUrl: origin(ports.shell), remotes };
}
