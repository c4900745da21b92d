import { EnvValidationError } from './env';

/**
 * Runs a service's start-up and turns a failure into one clear line on stderr
 * and exit code 1, instead of a stack trace.
 */
export function runService(name: string, start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    const message = error instanceof EnvValidationError ? error.message : error instanceof Error ? error.message : String(error);
    process.stderr.write(`${name} failed to start. ${message}\n`);
    process.exit(1);
  });
}
