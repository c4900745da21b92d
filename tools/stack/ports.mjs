/**
 * The port map. `npm start` uses the usual defaults; `npm test`, the benchmarks and the fault suite
 * each have their own ports, so that none collides with a running `npm start` or with another.
 * Each can be overridden in the environment.
 *
 * Every port here lies below 32768, where Linux's range of ephemeral ports starts (32768-60999,
 * /proc/sys/net/ipv4/ip_local_port_range): a port in that range may be taken at any moment as the
 * local port of some program's outgoing connection, and then cannot be bound although nothing
 * listens on it (a CI run failed so: 'port 33000 (svc-gateway) is already in use', held for more
 * than 30 s). The fault suite's second stack (`npm start` stopped with SIGTERM) adds
 * SECOND_STACK_SHIFT, still below 32768.
 */
const PROFILES = {
  start: { shift: 0, mongo: 27017 },
  test: { shift: 10000, mongo: 17017 },
  bench: { shift: 20000, mongo: 18017 },
  faults: { shift: 28000, mongo: 19017 },
  // the scale test (tools/scale/scale-test.mjs): two gateways from `gateway`, three NATS nodes from `nats`
  scale: { shift: 24000, mongo: 20017 },
};

/** Added to every fault-suite port for the `npm start` it stops: 31200, 32400-32403, 32422, 19217. */
export const SECOND_STACK_SHIFT = 200;

export function portsFor(profile) {
  const { shift, mongo } = PROFILES[profile];
  const port = (name, value) => Number(process.env[name] ?? value);
  return {
    gateway: port('GATEWAY_PORT', 3000 + shift),
    shell: port('SHELL_PORT', 4200 + shift),
    landing: port('MF_LANDING_PORT', 4201 + shift),
    session: port('MF_SESSION_PORT', 4202 + shift),
    verify: port('MF_VERIFY_PORT', 4203 + shift),
    nats: port('NATS_PORT', 4222 + shift),
    mongo: port('FERRETDB_PORT', mongo),
  };
}
