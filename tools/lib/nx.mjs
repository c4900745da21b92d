import { run } from './run.mjs';

/**
 * Runs Nx targets across the workspace (no daemon, no cloud). Locally results are cached; under
 * CI=true every target runs for real (Nx keeps its cache per machine, in ~/.nx, so a fresh clone on
 * the same machine would otherwise reuse earlier results).
 */
export function nx(args, env = {}) {
  const cache = process.env.CI === 'true' ? ['--skip-nx-cache'] : [];
  return run('npx', ['nx', ...args, ...cache, '--output-style=static'], {
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', ...env },
  });
}
