import { run } from './run.mjs';

/** Runs Nx targets across the workspace (cached; no daemon, no cloud). */
export function nx(args, env = {}) {
  return run('npx', ['nx', ...args, '--output-style=static'], {
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', ...env },
  });
}
