import net from 'node:net';

export class PortInUseError extends Error {}

/** How long a port may stay taken by another program's outgoing connection before we give up. */
const CLIENT_PORT_WAIT_MS = 30000;

/**
 * Fails with a message naming the port and its user when something already listens there.
 *
 * A port may be taken although nothing listens on it: as the local port of an outgoing connection
 * (the stacks' own ports lie below Linux's ephemeral range for that reason, tools/stack/ports.mjs,
 * but a port set in the environment may not), or by a socket still closing. So: when the port is
 * taken but nothing answers on it, wait for it to be released (at most CLIENT_PORT_WAIT_MS); when
 * something listens, fail at once.
 */
export async function assertPortFree(port, what, host = '127.0.0.1') {
  const deadline = Date.now() + CLIENT_PORT_WAIT_MS;
  for (;;) {
    const error = await tryListen(port, host);
    if (!error) return;
    if (error.code !== 'EADDRINUSE') throw error;
    if ((await somethingListens(port, host)) || Date.now() > deadline) {
      throw new PortInUseError(
        `port ${port} (${what}) is already in use. Stop whatever listens there ` +
          `(\`ss -tnp 'sport = :${port}'\` shows it) or choose another port in the environment.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function tryListen(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', resolve);
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}

function somethingListens(port, host) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
