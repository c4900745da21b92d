/** Waits until `condition` holds, checking every 10 ms; fails with `what` after `timeoutMs`. */
export async function until(condition: () => boolean, what = 'condition', timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
