// @ts-check
/**
 * The thread a tesseract.js worker runs on (createWorker's `workerPath` is ocr-thread.mrz.cjs or
 * ocr-thread.text.cjs, which call `run` with their role): it says which Linux thread it is, then
 * runs tesseract.js's own worker script.
 *
 * Why: a read's limits count the read's own work, not the time it waited for a core (issue 36: on
 * a busy machine, reads cut short on the wall clock told genuine people that their document was
 * unreadable). The CPU time a thread has spent is in /proc/self/task/<tid>/stat, and only the
 * thread itself can learn its tid (/proc/thread-self). Ocr (ocr.ts) sets OCR_THREAD_ROLE in the
 * environment the thread is spawned with, and listens on the channel. Elsewhere than Linux nothing
 * is said, and reads are limited on the wall clock.
 *
 * Plain JavaScript because a worker is started from a file, in the built service and under jest
 * alike; the build copies it next to ocr.js.
 */
const fs = require('node:fs');
const path = require('node:path');

/** @param {'mrz' | 'text'} role */
exports.run = (role) => {
  // tesseract's engine prints its own diagnostics ("Invalid resolution 25 dpi", "Image too small
  // to scale!!", "Line cannot be recognized!!") to the console of the thread it runs on, which is
  // the service's standard output: lines that are not the service's JSON log, with nothing an
  // operator acts on (a read that fails reaches the service as its job's error). This thread runs
  // tesseract alone, so its console says nothing.
  for (const method of /** @type {const} */ (['log', 'info', 'warn', 'error', 'debug'])) console[method] = () => undefined;
  try {
    const tid = Number(fs.readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]);
    const channel = new BroadcastChannel('idv-ocr-threads');
    channel.postMessage({ role, tid });
    channel.close();
  } catch {
    // not Linux: the reads are limited on the wall clock
  }
  require(path.join(path.dirname(require.resolve('tesseract.js')), 'worker-script', 'node', 'index.js'));
};
