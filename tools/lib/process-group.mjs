import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { log } from './log.mjs';
import { ROOT } from './paths.mjs';

/**
 * The processes one script started. Each is stopped by its own pid (SIGTERM, then
 * SIGKILL after a grace period), in reverse start order, on stop(), on Ctrl-C and
 * when the script exits.
 */
export class ProcessGroup {
  #children = [];
  #stopping;

  constructor({ logDir }) {
    this.logDir = logDir;
    fs.mkdirSync(logDir, { recursive: true });
    const onSignal = (signal) => {
      log(`${signal}: stopping ${this.#children.filter((c) => c.running).length} processes`);
      this.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    process.once('exit', () => {
      for (const child of this.#children) if (child.running) child.process.kill('SIGKILL');
    });
  }

  /**
   * Starts a long-running process; its output goes to `<logDir>/<name>.log`, and
   * with `echo` also to this terminal, prefixed by its name.
   */
  start(name, command, args, { env = {}, cwd = ROOT, echo = false, stopGraceMs = 5000 } = {}) {
    const logPath = path.join(this.logDir, `${name}.log`);
    const logStream = fs.createWriteStream(logPath, { flags: 'w' });
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const entry = { name, process: child, running: true, logPath, exitCode: undefined, stopGraceMs };
    const forward = (stream) => {
      stream.on('data', (chunk) => {
        logStream.write(chunk);
        if (echo) {
          for (const line of chunk.toString().split('\n').filter(Boolean)) process.stdout.write(`${name} | ${line}\n`);
        }
      });
    };
    forward(child.stdout);
    forward(child.stderr);
    child.on('error', (error) => {
      logStream.write(`failed to start: ${error.message}\n`);
    });
    child.on('exit', (code, signal) => {
      entry.running = false;
      entry.exitCode = code ?? signal;
      logStream.end();
      if (!this.#stopping) log(`${name} exited (${entry.exitCode}); its log: ${path.relative(ROOT, logPath)}`);
    });
    this.#children.push(entry);
    return {
      pid: child.pid,
      logPath,
      exited: () => !entry.running,
      exitCode: () => entry.exitCode,
      stop: () => stopOne(entry),
    };
  }

  async stop() {
    this.#stopping ??= (async () => {
      for (const entry of [...this.#children].reverse()) await stopOne(entry);
    })();
    return this.#stopping;
  }
}

async function stopOne(entry, graceMs = entry.stopGraceMs) {
  if (!entry.running) return;
  const exited = new Promise((resolve) => entry.process.once('exit', resolve));
  entry.process.kill('SIGTERM');
  const timer = setTimeout(() => entry.running && entry.process.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Prints the last lines of a process log, to explain a failure. */
export function tailLog(logPath, lines = 30) {
  try {
    return fs.readFileSync(logPath, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
