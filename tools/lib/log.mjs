/** One line per event, prefixed so that script output stands apart from service output. */
export function log(message) {
  process.stdout.write(`[idv] ${message}\n`);
}

export function fail(message) {
  process.stderr.write(`[idv] ERROR: ${message}\n`);
}

/** Seconds since `start` (a performance.now() value), for the timings the scripts print. */
export function elapsed(start) {
  return `${((performance.now() - start) / 1000).toFixed(1)} s`;
}
