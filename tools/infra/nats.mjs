import fs from 'node:fs';
import path from 'node:path';
import { NATS_CONFIG } from '../lib/paths.mjs';
import { assertPortFree } from '../lib/ports.mjs';
import { INFRASTRUCTURE_RESTART_MAX_MS } from '../lib/process-group.mjs';
import { waitForPort } from '../lib/wait.mjs';

/**
 * Debian's nats-server with JetStream and deploy/nats/nats.conf (max_payload 16 MB), on loopback.
 * `name` names its process and log (the fault suite's restarts get logs of their own).
 */
export async function startNats(group, { port, dataDir, name = 'nats' }) {
  await assertPortFree(port, 'NATS');
  const storeDir = path.join(dataDir, 'nats');
  fs.mkdirSync(storeDir, { recursive: true });
  const nats = group.start(name, 'nats-server', ['-c', NATS_CONFIG, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
    restartMaxMs: INFRASTRUCTURE_RESTART_MAX_MS,
  });
  await waitForPort(port, 'nats-server', { exited: nats.exited });
  return { url: `nats://127.0.0.1:${port}`, process: nats };
}
