import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');

/**
 * `count` different ports free now: each is held until all are found, so that two calls cannot be
 * given the same port (a port closed at once may be handed out again by the next listen).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** tools/serve-static.mjs serving a built frontend, started by the test itself. */
export async function serveStatic(options: {
  root: string;
  port: number;
  overlay?: string;
  spa?: boolean;
  corsOrigins?: string[];
}): Promise<{ stop(): Promise<void> }> {
  const args = [path.join(ROOT, 'tools/serve-static.mjs'), '--root', options.root, '--port', String(options.port)];
  if (options.overlay) args.push('--overlay', options.overlay);
  if (options.spa) args.push('--spa');
  // A remote shares its files only with the shells named here (CORS).
  if (options.corsOrigins) args.push('--cors-origins', options.corsOrigins.join(','));
  const child: ChildProcess = spawn(process.execPath, args, { stdio: 'ignore' });
  const deadline = Date.now() + 10000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/health`)).ok) break;
    } catch {
      if (Date.now() > deadline) throw new Error(`static server on ${options.port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Accepts connections and never answers: a remote that hangs. */
export async function hangingServer(port: number): Promise<{ stop(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    stop: () =>
      new Promise((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}
