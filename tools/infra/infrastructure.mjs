import { log } from '../lib/log.mjs';
import { startFerretdb } from './ferretdb.mjs';
import { startNats } from './nats.mjs';

/**
 * NATS and the database. `NATS_URL` / `MONGODB_URI` in the environment point at servers
 * that run elsewhere: then nothing is started for them.
 */
export async function startInfrastructure(group, { ports, dataDir, database }) {
  let natsUrl = process.env.NATS_URL;
  if (natsUrl) log('NATS_URL is set: using that NATS server');
  else ({ url: natsUrl } = await startNats(group, { port: ports.nats, dataDir }));

  let mongoUri = process.env.MONGODB_URI;
  if (mongoUri) log('MONGODB_URI is set: using that database');
  else mongoUri = await startFerretdb(group, { port: ports.mongo, dataDir, database });

  return { natsUrl, mongoUri };
}

/** True when the scripts must provide NATS or the database themselves. */
export function needsLocalInfrastructure() {
  return { nats: !process.env.NATS_URL, database: !process.env.MONGODB_URI };
}
