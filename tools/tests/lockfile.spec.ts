import fs from 'node:fs';
import path from 'node:path';

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry & { dependencies?: Record<string, string> }>;
};
const overrides =
  (JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { overrides?: Record<string, unknown> }).overrides ?? {};

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

/**
 * A dependency asked for by dist-tag ('latest') is resolved again by `npm ci` to whatever the tag
 * names today, which the lockfile may not hold (@paulirish/trace_engine asks for third-party-web@latest).
 * Such a dependency must be pinned with `overrides` in package.json.
 */
it('pins every dependency that a package asks for by dist-tag', () => {
  const byTag = Object.entries(lock.packages).flatMap(([key, entry]) =>
    Object.entries(entry.dependencies ?? {})
      .filter(([name, spec]) => /^[a-z][a-z0-9-]*$/i.test(spec) && !(name in overrides))
      .map(([name, spec]) => `${key} -> ${name}@${spec}`),
  );
  expect(byTag).toEqual([]);
});
