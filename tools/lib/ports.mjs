import net from 'node:net';

export class PortInUseError extends Error {}

/** Fails with a message naming the port and its user when something already listens there. */
export async function assertPortFree(port, what, host = '127.0.0.1') {
  await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new PortInUseError(
            `port ${port} (${what}) is already in use. Stop whatever listens there ` +
              `(\`ss -ltnp 'sport = :${port}'\` shows it) or choose another port in the environment.`,
          ),
        );
      } else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(resolve));
  });
}
