import fs from 'node:fs';
import { fail, log, elapsed } from '../lib/log.mjs';
import { run, which } from '../lib/run.mjs';

/**
 * Debian packages the project needs, each with how to tell it is there.
 * Only the missing ones are installed, with apt-get.
 */
export const SYSTEM_PACKAGES = {
  natsServer: { package: 'nats-server', present: () => Boolean(which('nats-server')) },
  chromium: { package: 'chromium', present: () => fs.existsSync('/usr/bin/chromium') },
  ocrFont: { package: 'fonts-ocr-b', present: () => fs.existsSync('/usr/share/fonts/opentype/ocr-b/OCRB.otf') },
  // The evaluation set's documents print in these (svc-verification/eval/designs.ts).
  dejavuFonts: { package: 'fonts-dejavu-core', present: () => fs.existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf') },
  dejavuExtraFonts: { package: 'fonts-dejavu-extra', present: () => fs.existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf') },
  liberationFonts: { package: 'fonts-liberation', present: () => fs.existsSync('/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf') },
};

export async function ensureSystemPackages(wanted) {
  const missing = wanted.filter((entry) => !entry.present()).map((entry) => entry.package);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0 && !which('sudo')) {
    fail(`missing Debian packages: ${missing.join(' ')}. Install them as root: apt-get install ${missing.join(' ')}`);
    throw new Error('missing system packages');
  }
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const start = performance.now();
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => (sudo.length ? run('sudo', ['-E', 'apt-get', ...args], { env }) : run('apt-get', args, { env }));
  await apt(['update', '-qq']);
  await apt(['install', '-y', '-qq', ...missing]);
  const stillMissing = wanted.filter((entry) => !entry.present()).map((entry) => entry.package);
  if (stillMissing.length > 0) throw new Error(`apt-get did not install: ${stillMissing.join(' ')}`);
  log(`Debian packages installed in ${elapsed(start)}`);
}
