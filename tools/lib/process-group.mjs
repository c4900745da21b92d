import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fail, log } from './log.mjs';
import { ROOT } from './paths.mjs';

const RESTART_FIRST_MS = 1000;
const RESTART_MAX_MS = 30000;
/**
 * NATS and the database: everything waits for them, so they are tried again every 2 s at most. With
 * the services' 30 s a 40 s outage of NATS lasted 60 s (the last try came 30 s after the one before).
 */
export const INFRASTRUCTURE_RESTART_MAX_MS = 2000;

/**
 * The wait before the next start of a process that keeps crashing: 1 s, then doubled, at most `maxMs`
 * (the rule of libs/contracts backoff.ts, kept here: these scripts run before anything is built).
 */
export function nextRestartDelayMs(previousMs, maxMs = RESTART_MAX_MS) {
  return previousMs === undefined ? Math.min(RESTART_FIRST_MS, maxMs) : Math.min(previousMs * 2, maxMs);
}
const RESTART_RESET_AFTER_MS = 60000;

/**
 * The processes one script started. Each is stopped by its own pid (SIGTERM, then
 * SIGKILL after a grace period), in reverse start order, on stop(), on Ctrl-C and
 * when the script exits; with `restartCrashed`, one that crashes is started again.
 */
export class ProcessGroup {
  #children = [];
  #stopping;

  /** `restartCrashed`: start a process again when it exits on its own (`npm start`); tests that kill processes on purpose leave it off. */
  constructor({ logDir, restartCrashed = false }) {
    this.logDir = logDir;
    this.restartCrashed = restartCrashed;
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
   * with `echo` also to this terminal, prefixed by its name. In a group that restarts crashed
   * processes, one that exits on its own is started again after 1 s, then 2, 4, ... up to 30 s
   * (`restartMaxMs`) while it keeps crashing (back to 1 s once it has run for a minute), and the
   * terminal says so.
   */
  start(name, command, args, { env = {}, cwd = ROOT, echo = false, stopGraceMs = 5000, restartMaxMs = RESTART_MAX_MS } = {}) {
    const logPath = path.join(this.logDir, `${name}.log`);
    const entry = {
      name,
      process: undefined,
      running: false,
      stopped: false,
      logPath,
      exitCode: undefined,
      stopGraceMs,
      restartDelayMs: nextRestartDelayMs(undefined, restartMaxMs),
      restartTimer: undefined,
    };
    const spawnOnce = (logFlags) => {
      const logStream = fs.createWriteStream(logPath, { flags: logFlags });
      const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      const startedAt = Date.now();
      Object.assign(entry, { process: child, running: true, exitCode: undefined });
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
        if (this.#stopping || entry.stopped) return;
        if (!this.restartCrashed) return log(`${name} exited (${entry.exitCode}); its log: ${path.relative(ROOT, logPath)}`);
        if (Date.now() - startedAt >= RESTART_RESET_AFTER_MS) entry.restartDelayMs = nextRestartDelayMs(undefined, restartMaxMs);
        const delay = entry.restartDelayMs;
        entry.restartDelayMs = nextRestartDelayMs(delay, restartMaxMs);
        log(`${name} exited (${entry.exitCode}); restarting it in ${delay / 1000} s (its log: ${path.relative(ROOT, logPath)})`);
        entry.restartTimer = setTimeout(() => {
          if (this.#stopping || entry.stopped) return;
          spawnOnce('a');
          log(`${name} restarted`);
        }, delay);
      });
    };
    spawnOnce('w');
    this.#children.push(entry);
    return {
      get pid() {
        return entry.process.pid;
      },
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
  entry.stopped = true;
  clearTimeout(entry.restartTimer);
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

/**
 * A benchmark's run: `work(group)` with a process group logging under `dir/logs` (`dir` emptied
 * first). Every process is stopped after it; the script then exits 0, or 1 with the error and
 * where the process logs are.
 */
export async function runWithProcessGroup(dir, work) {
  fs.rmSync(dir, { recursive: true, force: true });
  const group = new ProcessGroup({ logDir: path.join(dir, 'logs') });
  let exitCode = 0;
  try {
    await work(group);
  } catch (error) {
    exitCode = 1;
    fail(error.message);
    log(`process logs: ${path.relative(process.cwd(), path.join(dir, 'logs'))}/`);
  } finally {
    await group.stop();
  }
  process.exit(exitCode);
}
