import { randomUUID } from 'node:crypto';
import { connect, JSONCodec } from 'nats';
import { natsServers } from './nats-options';

interface NestReply {
  response?: { status?: string };
  err?: unknown;
}

/**
 * Asks a NestJS NATS microservice its health subject, in NestJS' wire format
 * (`{ pattern, data, id }` -> `{ response, isDisposed, id }`). True when it answers `up`.
 * For container health checks, where the service has no HTTP port.
 */
export async function probeNatsHealth(natsUrl: string, subject: string, timeoutMs = 3000): Promise<boolean> {
  const nats = await connect({ servers: natsServers(natsUrl), timeout: timeoutMs });
  try {
    const codec = JSONCodec<unknown>();
    const message = await nats.request(subject, codec.encode({ pattern: subject, data: {}, id: randomUUID() }), {
      timeout: timeoutMs,
    });
    const reply = codec.decode(message.data) as NestReply;
    return !reply.err && reply.response?.status === 'up';
  } finally {
    await nats.close();
  }
}

/** The body of a service's healthcheck script: exit 0 when healthy, 1 otherwise. */
export function runHealthProbe(natsUrl: string, subject: string): void {
  probeNatsHealth(natsUrl, subject).then(
    (up) => process.exit(up ? 0 : 1),
    () => process.exit(1),
  );
}
