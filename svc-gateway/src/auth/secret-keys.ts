import { type EnvVariable, envParsed } from '@idv/service-kit';

/** A server-side API client: its name (what the logs show) and its key. */
export interface SecretKey {
  name: string;
  key: string;
}

const NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const MIN_KEY_LENGTH = 32;

/**
 * `API_SECRET_KEYS`: `name=key` pairs, comma-separated. Several may hold at once, so a key is rotated
 * without downtime: add the new one, move the client to it, remove the old one.
 */
export const envSecretKeys = (description: string): EnvVariable<SecretKey[]> =>
  envParsed(
    `${description} (name=key pairs, comma-separated; names of a-z, 0-9, _ and -; keys of at least ${MIN_KEY_LENGTH} characters; names unique)`,
    (raw) => {
      const keys = raw
        .split(',')
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf('=');
          const key = { name: pair.slice(0, at), key: pair.slice(at + 1) };
          if (at < 1 || !NAME.test(key.name) || key.key.length < MIN_KEY_LENGTH) throw new Error('malformed pair');
          return key;
        });
      if (new Set(keys.map((k) => k.name)).size !== keys.length) throw new Error('duplicate name');
      return keys;
    },
    [],
  );
