import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFrontendConfig } from '../tools/rspack/create-config.mjs';

const projectRoot = path.dirname(fileURLToPath(import.meta.url));

export default createFrontendConfig({
  projectRoot,
  name: 'mf_session',
  port: 4202,
  title: 'Identity Verification: Sessions (standalone)',
  // One module per remote: the shell renders it for the routes this remote owns.
  exposes: { './Module': './src/remote-entry.tsx' },
});
