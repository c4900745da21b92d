/**
 * The port map. `npm start` uses the defaults; `npm test` shifts them by 10000, the
 * benchmarks by 20000 and the fault suite by 30000, so that they do not collide with a running `npm start`. Each can be overridden in the environment.
 */
export function portsFor(profile) {
  const shift = { start: 0, test: 10000, bench: 20000, faults: 30000 }[profile];
  const port = (name, value) => Number(process.env[name] ?? value + shift);
  return {
    gateway: port('GATEWAY_PORT', 3000),
    shell: port('SHELL_PORT', 4200),
    landing: port('MF_LANDING_PORT', 4201),
    session: port('MF_SESSION_PORT', 4202),
    verify: port('MF_VERIFY_PORT', 4203),
    nats: port('NATS_PORT', 4222),
    mongo: port('FERRETDB_PORT', 27017),
  };
}
