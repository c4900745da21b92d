import type { ConnectionOptions } from 'nats';

/** The servers of a NATS_URL: one URL, or the nodes of a cluster, comma-separated. */
export function natsServers(natsUrl: string): string[] {
  return natsUrl
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
}

/**
 * How every NATS connection of the services connects: reconnecting for as long as NATS is away
 * (nats.js gives up after 10 tries, about 20 s, by default, and a service that gave up stays
 * disconnected until someone restarts it), a try every second with up to half a second of jitter
 * so that many copies do not reconnect in step (to whichever node of a cluster answers), and waiting for a NATS that is not up yet at start.
 */
export function natsConnectionOptions(servers: string, name: string): ConnectionOptions {
  return {
    servers: natsServers(servers),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
    reconnectJitter: 500,
    waitOnFirstConnect: true,
  };
}
