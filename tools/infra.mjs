#!/usr/bin/env node
/**
 * `npm run stack:infra`: only NATS and FerretDB, on the test ports (14222, 17017), with a fresh
 * data folder, for running one project's integration suite by hand:
 *   NATS_URL=nats://127.0.0.1:14222 MONGODB_URI=mongodb://127.0.0.1:17017/idv_dev npx nx run svc-gateway:integration
 * Ctrl-C stops both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fail, log } from './lib/log.mjs';
import { DATA_DIR } from './lib/paths.mjs';
import { ProcessGroup } from './lib/process-group.mjs';

const dataDir = path.join(DATA_DIR, 'infra');
let group;
try {
  const { ensurePrerequisites } = await import('./setup/prerequisites.mjs');
  const { portsFor } = await import('./stack/ports.mjs');
  const { startInfrastructure } = await import('./infra/infrastructure.mjs');
  await ensurePrerequisites();
  fs.rmSync(dataDir, { recursive: true, force: true });
  group = new ProcessGroup({ logDir: path.join(dataDir, 'logs') });
  const { natsUrl, mongoUri } = await startInfrastructure(group, { ports: portsFor('test'), dataDir, database: 'idv_dev' });
  log(`NATS_URL=${natsUrl} MONGODB_URI=${mongoUri}   (Ctrl-C stops both)`);
  await new Promise(() => {});
} catch (error) {
  fail(error.message);
  await group?.stop();
  process.exit(1);
}
