import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFrontendConfig } from '../tools/rspack/create-config.mjs';

const projectRoot = path.dirname(fileURLToPath(import.meta.url));

export default createFrontendConfig({
  projectRoot,
  name: 'shell',
  port: 4200,
  title: 'Identity Verification',
  publicPath: '/',
  runtimePlugins: [path.join(projectRoot, 'src/remotes/fetch-timeout-plugin.ts')],
});
