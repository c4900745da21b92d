import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type CreateSessionResponse, SUBJECTS, type SessionView } from '@idv/contracts';
import { type SessionsHarness, TestClock, startSessions, uniqueDatabaseUri, twoPeople } from '../testing/sessions-harness';

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The promise's value, or undefined once `ms` have passed (a call on a dead connection may never settle). */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref())]);

async function waitForPort(port: number, timeoutMs = 10000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(() => resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nats-server did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * NATS vanishes for longer than nats.js would keep trying by default (10 tries, about 20 s) and
 * comes back: svc-sessions answers again without a restart. A private nats-server (JetStream, its
 * own store) on a free port, stopped with SIGKILL and started again on the same port.
 */
describe('NATS away for 25 s and back (integration, a real nats-server killed)', () => {
  let nats: ChildProcess | undefined;
  let port: number;
  let storeDir: string;
  let h: SessionsHarness | undefined;

  const startNats = async () => {
    nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
    await waitForPort(port);
  };
  const stopNats = async () => {
    const exited = new Promise((resolve) => nats?.once('exit', resolve));
    nats?.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    port = await freePort();
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nats-reconnect-'));
    await startNats();
    h = await startSessions({ databaseUri: uniqueDatabaseUri('sessions_reconnect'), clock: new TestClock(), natsUrl: `nats://127.0.0.1:${port}` });
  });

  afterAll(async () => {
    await within(h?.close() ?? Promise.resolve(), 5000);
    await stopNats();
    fs.rmSync(storeDir, { recursive: true, force: true });
  });

  it('answers again once NATS is back, with no restart by hand', async () => {
    const { session } = await h!.send<CreateSessionResponse>(SUBJECTS.sessions.create, twoPeople());
    await stopNats();
    await new Promise((resolve) => setTimeout(resolve, 25_000));
    await startNats();
    const deadline = Date.now() + 15_000;
    let view: SessionView | undefined;
    while (!view && Date.now() < deadline) {
      view = await within(
        h!.send<SessionView>(SUBJECTS.sessions.get, { sessionId: session._id }).catch(() => undefined),
        2000,
      );
      if (!view) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(view?._id).toBe(session._id);
  }, 60_000);
});
