import { spawn, spawnSync } from 'node:child_process';
import { ROOT } from './paths.mjs';

/** Runs a command to completion with its output shown; rejects with the exit code on failure. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new CommandError(command, args, code ?? signal));
    });
  });
}

export class CommandError extends Error {
  constructor(command, args, status) {
    super(`\`${[command, ...args].join(' ')}\` failed (${status})`);
    this.status = status;
  }
}

/** Is an executable on the PATH? */
export function which(command) {
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}
