import fs from 'node:fs';
import path from 'node:path';

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/**
 * `npm ci` refuses a lockfile that lacks an entry for any optional dependency, and `npm install`
 * leaves such entries out when the registry lacks a platform binary (it did for the newest nx,
 * @swc/core and unrs-resolver). Pin versions whose platform binaries the registry has.
 */
it('has an entry for every optional dependency, so npm ci works on a clean clone', () => {
  const installed = new Set(Object.keys(lock.packages).map((key) => key.split('node_modules/').pop()));
  const missing = Object.entries(lock.packages).flatMap(([key, entry]) =>
    Object.keys(entry.optionalDependencies ?? {})
      .filter((name) => !installed.has(name))
      .map((name) => `${key || '(root)'} -> ${name}`),
  );
  expect(missing).toEqual([]);
});
