import { execFileSync } from 'node:child_process';
import path from 'node:path';

type PortMap = Record<string, number>;

/** The port maps as the scripts compute them, with no port variables set. */
function portMaps(): { profiles: Record<string, PortMap>; secondStackShift: number } {
  const ports = path.resolve(__dirname, '../stack/ports.mjs');
  const script = `
    const { portsFor, SECOND_STACK_SHIFT } = await import(${JSON.stringify(ports)});
    const profiles = Object.fromEntries(['start', 'test', 'bench', 'faults', 'scale'].map((p) => [p, portsFor(p)]));
    console.log(JSON.stringify({ profiles, secondStackShift: SECOND_STACK_SHIFT }));`;
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/_PORT$/.test(name)));
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' }));
}

const { profiles, secondStackShift } = portMaps();
const stacks: Record<string, PortMap> = {
  ...profiles,
  'faults, npm start it stops': Object.fromEntries(Object.entries(profiles.faults).map(([what, port]) => [what, port + secondStackShift])),
};

it('keeps the npm start defaults people expect', () => {
  expect(profiles.start).toEqual({ gateway: 3000, shell: 4200, landing: 4201, session: 4202, verify: 4203, nats: 4222, mongo: 27017 });
});

/** An outgoing connection may take a port in 32768-60999 at any moment; a CI run failed so. */
it('puts every stack port below the ephemeral range, where no outgoing connection can take it', () => {
  const inRange = Object.entries(stacks).flatMap(([stack, map]) =>
    Object.entries(map)
      .filter(([, port]) => port >= 32768)
      .map(([what, port]) => `${stack} ${what} ${port}`),
  );
  expect(inRange).toEqual([]);
});

it('gives no two stacks, or two parts of one, the same port', () => {
  const owners = new Map<number, string[]>();
  for (const [stack, map] of Object.entries(stacks)) {
    for (const [what, port] of Object.entries(map)) owners.set(port, [...(owners.get(port) ?? []), `${stack} ${what}`]);
  }
  expect([...owners.values()].filter((users) => users.length > 1)).toEqual([]);
});
