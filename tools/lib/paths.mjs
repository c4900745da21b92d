import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Where things live. Everything the scripts create is under ignored folders. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Databases, NATS storage, generated runtime config and logs (IDV_DATA_DIR elsewhere: the fault suite's own `npm start`). */
export const DATA_DIR = process.env.IDV_DATA_DIR ? path.resolve(process.env.IDV_DATA_DIR) : path.join(ROOT, '.data');
/** Tools the scripts build or install for the project (FerretDB). */
export const TOOLS_DIR = path.join(ROOT, '.tools');
export const TOOLS_BIN = path.join(TOOLS_DIR, 'bin');
export const NATS_CONFIG = path.join(ROOT, 'deploy/nats/nats.conf');
