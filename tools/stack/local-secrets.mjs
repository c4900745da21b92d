import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A long random value, base64url: a key or a secret for a local stack. */
export function randomSecret() {
  return crypto.randomBytes(32).toString('base64url');
}

/** `envName` from the environment (if given), else a random value kept in `<dir>/<file>` (mode 600) across runs. */
function localSecret(dir, file, envName) {
  if (envName && process.env[envName]) return process.env[envName];
  const filePath = path.join(dir, file);
  if (fs.existsSync(filePath)) return fs.readFileSync(filePath, 'utf8').trim();
  fs.mkdirSync(dir, { recursive: true });
  const secret = randomSecret();
  fs.writeFileSync(filePath, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The browser key of `npm start`: API_KEY, else one kept across runs. */
export const localApiKey = (dir) => localSecret(dir, 'api-key', 'API_KEY');

/**
 * svc-sessions' secret for `npm start`: SESSIONS_SECRET, else one kept across runs (what an
 * Idempotency-Key made must be made again after a restart).
 */
export const localSessionsSecret = (dir) => localSecret(dir, 'sessions-secret', 'SESSIONS_SECRET');

/**
 * A secret key for server-side calls to the local API (`x-api-key`, accepted from anywhere, limited
 * per key), kept in `<dir>/secret-key`; its client is named "local" (API_SECRET_KEYS `local=<key>`).
 */
export const localSecretKey = (dir) => localSecret(dir, 'secret-key');
