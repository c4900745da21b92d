import { needsLocalInfrastructure } from '../infra/infrastructure.mjs';
import { ensureFerretdb } from './ferretdb.mjs';
import { ensureNginx } from './nginx.mjs';
import { ensureSchemathesis } from './schemathesis.mjs';
import { ensureNodeModules } from './node-modules.mjs';
import { SYSTEM_PACKAGES, ensureSystemPackages } from './system-packages.mjs';

/** Installs what is missing and nothing else: npm packages, Debian packages, FerretDB, nginx (for its header test), the API fuzzer. */
export async function ensurePrerequisites({ browser = false, ocrFont = false, nginx = false, fuzzer = false } = {}) {
  const local = needsLocalInfrastructure();
  await ensureNodeModules();
  const packages = [];
  if (local.nats) packages.push(SYSTEM_PACKAGES.natsServer);
  if (browser) packages.push(SYSTEM_PACKAGES.chromium);
  if (ocrFont) packages.push(SYSTEM_PACKAGES.ocrFont, SYSTEM_PACKAGES.dejavuFonts, SYSTEM_PACKAGES.dejavuExtraFonts, SYSTEM_PACKAGES.liberationFonts);
  await ensureSystemPackages(packages);
  if (local.database) await ensureFerretdb();
  if (nginx) await ensureNginx();
  if (fuzzer) await ensureSchemathesis();
}
