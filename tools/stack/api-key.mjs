import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** API_KEY from the environment, else a random key kept in `<dir>/api-key` (mode 600) across runs. */
export function localApiKey(dir) {
  if (process.env.API_KEY) return process.env.API_KEY;
  const file = path.join(dir, 'api-key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dir, { recursive: true });
  const key = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
