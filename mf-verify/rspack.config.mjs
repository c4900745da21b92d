import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { createFrontendConfig } from '../tools/rspack/create-config.mjs';

const projectRoot = path.dirname(fileURLToPath(import.meta.url));
/** The face model's weights the selfie's guidance loads (src/verify/selfie/face-guide.ts): its detector and mesh. */
const humanModels = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')), '../models');
const FACE_MODEL_FILES = ['blazeface.json', 'blazeface.bin', 'facemesh.json', 'facemesh.bin'];

export default createFrontendConfig({
  projectRoot,
  name: 'mf_verify',
  port: 4203,
  title: 'Identity Verification: Verification (standalone)',
  // One module per remote: the shell renders it for the routes this remote owns.
  exposes: { './Module': './src/remote-entry.tsx' },
  copy: FACE_MODEL_FILES.map((file) => ({ from: path.join(humanModels, file), to: `face-models/${file}` })),
});
