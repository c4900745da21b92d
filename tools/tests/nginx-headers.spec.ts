import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The compose frontends' nginx configs (deploy/nginx), run with Debian's nginx (unpacked by
 * `npm test`'s setup, tools/setup/nginx.mjs) and read back: every page, file and route sends the
 * security headers, the same policy as the local stack, and the remotes share their files with
 * the shell's origin only. nginx drops every server-level header in a location that adds one of
 * its own: this test is what keeps a location from doing it again.
 */
const ROOT = path.resolve(__dirname, '../..');
const NGINX = path.join(ROOT, '.tools/nginx/usr/sbin/nginx');
const REMOTES = ['https://landing.example.org', 'https://session.example.org', 'https://verify.example.org'];
const SHELL_ORIGIN = 'https://app.example.org';
const HASHED = 'main.0123abcd.js';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The local stack's policy (tools/stack/content-security-policy.mjs) for the same origins. */
function localPolicy(apiOrigin: string): string {
  const module = path.join(ROOT, 'tools/stack/content-security-policy.mjs');
  const script = `import(${JSON.stringify(module)}).then((m) => process.stdout.write(m.contentSecurityPolicy(${JSON.stringify({ remoteOrigins: REMOTES, apiOrigin })})))`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
}

/** One container's nginx: its site config with the test's port, folders and upstream; its header file from the entrypoint script. */
async function startNginx(site: 'shell.conf' | 'remote.conf', env: Record<string, string>, gatewayPort?: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-nginx-test-'));
  // nginx's workers run as an unprivileged user when it is started as root: they must read the files.
  fs.chmodSync(dir, 0o755);
  const html = path.join(dir, 'html');
  fs.mkdirSync(path.join(html, 'assets'), { recursive: true });
  for (const file of ['index.html', 'config.json', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js', HASHED]) fs.writeFileSync(path.join(html, file), file);
  const headers = path.join(dir, 'security-headers.conf');
  execFileSync('sh', [path.join(ROOT, 'deploy/nginx/security-headers.sh')], { env: { PATH: process.env.PATH, SECURITY_HEADERS_FILE: headers, ...env } });
  const port = await freePort();
  const conf = fs
    .readFileSync(path.join(ROOT, 'deploy/nginx', site), 'utf8')
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    .replace('root /usr/share/nginx/html;', `root ${html};`)
    .replaceAll('root /tmp/nginx-runtime;', `root ${html};`)
    .replace('include /tmp/nginx-runtime/security-headers.conf;', `include ${headers};`)
    .replaceAll('http://svc-gateway:3000', `http://127.0.0.1:${gatewayPort ?? 9}`);
  fs.writeFileSync(path.join(dir, 'site.conf'), conf);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${path.join(dir, kind)};`).join(' ');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events {}
http { types { text/html html; application/javascript js; application/json json; } default_type application/octet-stream;
  access_log ${dir}/access.log; ${temp}
  include ${dir}/site.conf; }`,
  );
  const process_ = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${base}/health`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (tries > 100 || process_.exitCode !== null) {
      process_.kill('SIGKILL');
      throw new Error(`nginx did not start: ${fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { base, dir, process: process_ };
}

function stop(nginx: { dir: string; process: ChildProcess }) {
  nginx.process.kill('SIGTERM');
  fs.rmSync(nginx.dir, { recursive: true, force: true });
}

const PAGE_HEADERS = {
  'permissions-policy': 'camera=(self)',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'strict-transport-security': 'max-age=31536000',
};

const headersOf = (response: Response, names: string[]) => Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));

describe('compose nginx headers', () => {
  beforeAll(() => {
    if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: npm test unpacks it (tools/setup/nginx.mjs)`);
  });

  it('the shell: passes a live session stream through event by event, not buffered', async () => {
    // A gateway that sends one event, then the next only after the first has come out of nginx.
    let firstArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
    const gateway = http.createServer(async (request, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      res.write(`event: session\ndata: {"path":"${request.url}"}\n\n`);
      await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 3000))]);
      res.end('event: session\ndata: {"second":true}\n\n');
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const nginx = await startNginx('shell.conf', { API_BASE_URL: '/api' }, (gateway.address() as AddressInfo).port).catch((error: unknown) => {
      gateway.close();
      throw error;
    });
    try {
      const started = Date.now();
      const response = await fetch(`${nginx.base}/api/sessions/ABCDEFGHJKMN/events`);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      const first = await reader.read();
      // Buffered, the first event would come out only with the second, after the gateway's 3 s.
      expect(first.value).toContain('"path":"/api/sessions/ABCDEFGHJKMN/events"');
      expect(Date.now() - started).toBeLessThan(2000);
      firstArrived();
      let rest = '';
      for (let part = await reader.read(); !part.done; part = await reader.read()) rest += part.value;
      expect(rest).toContain('"second":true');
    } finally {
      stop(nginx);
      gateway.close();
    }
  });

  it('the shell: the policy and headers on every page, file and route, caching by file', async () => {
    const gateway = http.createServer((_, res) => res.writeHead(200, { 'Cache-Control': 'no-store', 'Content-Type': 'application/json' }).end('{}'));
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const env = {
      API_BASE_URL: 'https://api.example.org/api',
      REMOTE_MF_LANDING_URL: `${REMOTES[0]}/mf-manifest.json`,
      REMOTE_MF_SESSION_URL: `${REMOTES[1]}/mf-manifest.json`,
      REMOTE_MF_VERIFY_URL: `${REMOTES[2]}/mf-manifest.json`,
    };
    const nginx = await startNginx('shell.conf', env, (gateway.address() as AddressInfo).port).catch((error: unknown) => {
      gateway.close();
      throw error;
    });
    try {
      const policy = localPolicy('https://api.example.org');
      const expected = { 'content-security-policy': policy, ...PAGE_HEADERS };
      const cases: [string, string | null][] = [
        ['/', 'no-cache'],
        ['/index.html', 'no-cache'],
        ['/verify/ABCDEFGHJKMN', 'no-cache'],
        ['/handoff/AAAAAAAAAAAAAAAAAAAAAA', 'no-cache'],
        ['/config.json', 'no-cache'],
        ['/remotes.json', 'no-cache'],
        [`/${HASHED}`, 'public, max-age=31536000, immutable'],
        ['/health', 'no-cache'],
      ];
      for (const [route, cache] of cases) {
        const response = await fetch(`${nginx.base}${route}`);
        expect({ route, status: response.status, ...headersOf(response, [...Object.keys(expected), 'cache-control']) }).toEqual({
          route,
          status: 200,
          ...expected,
          'cache-control': cache,
        });
      }
      // The API's own caching passes alone.
      const api = await fetch(`${nginx.base}/api/sessions/x`);
      expect(api.headers.get('cache-control')).toBe('no-store');
    } finally {
      stop(nginx);
      gateway.close();
    }
  });

  it('the shell with the API on its own origin: calls only to the app and its remotes', async () => {
    const nginx = await startNginx('shell.conf', { API_BASE_URL: '/api', REMOTE_MF_LANDING_URL: `${REMOTES[0]}/mf-manifest.json` });
    try {
      const csp = (await fetch(`${nginx.base}/`)).headers.get('content-security-policy');
      expect(csp).toContain(`script-src 'self' ${REMOTES[0]} 'wasm-unsafe-eval';`);
      expect(csp).toContain(`connect-src 'self' ${REMOTES[0]};`);
    } finally {
      stop(nginx);
    }
  });

  it("a remote: the headers on every file, shared with the shell's origin only", async () => {
    const nginx = await startNginx('remote.conf', { SHELL_ORIGIN });
    try {
      for (const [route, cache] of [
        ['/mf-manifest.json', 'no-cache'],
        ['/remoteEntry.js', 'no-cache'],
        [`/${HASHED}`, 'public, max-age=31536000, immutable'],
        ['/', 'no-cache'],
      ]) {
        const response = await fetch(`${nginx.base}${route}`, { headers: { Origin: 'https://elsewhere.example.com' } });
        expect({ route, ...headersOf(response, [...Object.keys(PAGE_HEADERS), 'access-control-allow-origin', 'vary', 'cache-control']) }).toEqual({
          route,
          ...PAGE_HEADERS,
          'access-control-allow-origin': SHELL_ORIGIN,
          vary: 'Origin',
          'cache-control': cache,
        });
        expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      }
    } finally {
      stop(nginx);
    }
  });

  it('a remote refuses to start without a usable shell origin', () => {
    expect(() =>
      execFileSync('sh', [path.join(ROOT, 'deploy/nginx/security-headers.sh')], {
        env: { PATH: process.env.PATH, SECURITY_HEADERS_FILE: path.join(os.tmpdir(), 'idv-unused-headers.conf'), SHELL_ORIGIN: 'app.example.org' },
        stdio: 'pipe',
      }),
    ).toThrow(/SHELL_ORIGIN must be an origin/);
  });
});
