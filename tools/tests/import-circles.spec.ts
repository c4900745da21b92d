import madge from 'madge';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** Every source folder of the workspace: the libraries, the apps, the services with their evaluations and benchmarks, the browser tests and these scripts. */
const SOURCES = [
  'libs',
  'shell/src',
  'mf-landing/src',
  'mf-session/src',
  'mf-verify/src',
  'svc-gateway/src',
  'svc-sessions/src',
  'svc-verification/src',
  'svc-verification/eval',
  'svc-verification/bench',
  'e2e/src',
  'tools',
];

/**
 * No module imports itself through others (type imports included): a circle makes the load order
 * decide what a module sees, and a reader cannot tell which of the two comes first. madge follows
 * the imports as TypeScript resolves them (tsconfig.base.json's paths).
 */
it('has no import circles', async () => {
  const graph = await madge(
    SOURCES.map((folder) => path.join(ROOT, folder)),
    {
      baseDir: ROOT,
      fileExtensions: ['ts', 'tsx', 'mjs', 'cjs', 'js'],
      tsConfig: path.join(ROOT, 'tsconfig.base.json'),
      excludeRegExp: [/node_modules/, /[/\\]dist[/\\]/],
    },
  );
  expect(graph.circular()).toEqual([]);
}, 60_000);
