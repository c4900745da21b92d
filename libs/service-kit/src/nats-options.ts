import type { ConnectionOptions } from 'nats';

/**
 * How every NATS connection of the services connects: reconnecting for as long as NATS is away
 * (nats.js gives up after 10 tries, about 20 s, by default, and a service that gave up stays
 * disconnected until someone restarts it), a try every second with up to half a second of jitter
 * so that many copies do not reconnect in step, and waiting for a NATS that is not up yet at start.
 */
export function natsConnectionOptions(servers: string, name: string): ConnectionOptions {
  return {
    servers: [servers],
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
    reconnectJitter: 500,
    waitOnFirstConnect: true,
  };
}
