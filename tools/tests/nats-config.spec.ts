import fs from 'node:fs';
import path from 'node:path';
import { LIMITS } from '@idv/contracts';

/** A submission travels to svc-verification as one NATS message: the body plus its command (ids, token, key). */
const COMMAND_ENVELOPE_BYTES = 64 * 1024;

const megabytes = (text: string): number => {
  const match = /^max_payload:\s*(\d+)MB\s*$/m.exec(text);
  if (!match) throw new Error('no max_payload in MB');
  return Number(match[1]) * 1024 * 1024;
};

/**
 * Every body the gateway takes on the verification route reaches svc-verification: NATS' max_payload
 * (local runs and docker-compose) is above the route's body limit and the command around it. Below it,
 * a body between the two was read and parsed, then refused 413 by NATS (issue 36).
 */
it.each(['deploy/nats/nats.conf', 'deploy/nats/nats-compose.conf'])('%s carries the largest submission the gateway takes', (file) => {
  const config = fs.readFileSync(path.resolve(__dirname, '../..', file), 'utf8');
  expect(megabytes(config)).toBeGreaterThanOrEqual(LIMITS.verificationBodyMaxBytes + COMMAND_ENVELOPE_BYTES);
});
