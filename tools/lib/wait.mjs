import net from 'node:net';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once something accepts TCP connections on the port; rejects after `timeoutMs`. */
export async function waitForPort(port, what, { timeoutMs = 30000, host = '127.0.0.1', exited } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited?.()) throw new Error(`${what} exited before it listened on port ${port}`);
    const open = await new Promise((resolve) => {
      const socket = net.connect({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`${what} did not listen on port ${port} within ${timeoutMs / 1000} s`);
}

/** Polls a URL until `accept(response, body)` holds; rejects after `timeoutMs` with the last answer. */
export async function waitForHttp(url, what, { timeoutMs = 60000, accept = (r) => r.ok, exited } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (exited?.()) throw new Error(`${what} exited before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const body = await response.text();
      if (accept(response, body)) return body;
      last = `${response.status} ${body.slice(0, 300)}`;
    } catch (error) {
      last = error.message;
    }
    await sleep(250);
  }
  throw new Error(`${what} was not ready at ${url} within ${timeoutMs / 1000} s (last answer: ${last})`);
}
