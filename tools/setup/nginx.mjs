import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { elapsed, log } from '../lib/log.mjs';
import { TOOLS_DIR } from '../lib/paths.mjs';
import { run } from '../lib/run.mjs';

const NGINX_ROOT = path.join(TOOLS_DIR, 'nginx');
/** Debian's nginx, unpacked for the header test of the compose nginx configs (tools/tests/nginx-headers.spec.ts). */
export const NGINX_BIN = path.join(NGINX_ROOT, 'usr/sbin/nginx');

/**
 * Debian's nginx binary, downloaded and unpacked under .tools (apt-get download, dpkg -x): not
 * installed, so no package script starts a server on port 80 and nothing outside the project changes.
 */
export async function ensureNginx() {
  if (fs.existsSync(NGINX_BIN)) return;
  const start = performance.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-nginx-'));
  try {
    log('downloading Debian nginx (for the compose nginx header test)');
    // A machine whose package lists were never fetched knows no nginx yet.
    await run('apt-get', ['download', 'nginx'], { cwd: work }).catch(async () => {
      await run('apt-get', ['update', '-qq']);
      await run('apt-get', ['download', 'nginx'], { cwd: work });
    });
    const [deb] = fs.readdirSync(work).filter((name) => name.endsWith('.deb'));
    if (!deb) throw new Error('apt-get download nginx gave no package');
    fs.rmSync(NGINX_ROOT, { recursive: true, force: true });
    await run('dpkg', ['-x', path.join(work, deb), NGINX_ROOT]);
    if (!fs.existsSync(NGINX_BIN)) throw new Error(`the nginx package holds no ${NGINX_BIN}`);
    log(`nginx unpacked in ${elapsed(start)}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
