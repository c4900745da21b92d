import sharp from 'sharp';
import fs from 'node:fs';
import { generateEvaluationSet } from './generate-set';
import { Ocr } from '../src/engine/document/ocr';
import { findMrzLines, readMrzWithRepair } from '../src/engine/document/mrz';
import { FaceModel } from '../src/engine/faces/face-model';
import { decodeForChecks, checkImage } from '../src/engine/images/image-input';

const IDS = (process.env.DBG_IDS ?? '').split(',');
it('debug', async () => {
  const m = await generateEvaluationSet('/tmp/dbg', (id) => IDS.includes(id));
  const ocr = new Ocr();
  await ocr.load();
  const faces = process.env.DBG_FACES ? new FaceModel() : undefined;
  if (faces) await faces.load();
  for (const c of m.cases) {
    console.log(`==== ${c.id} ${c.realName} | invited ${c.invitedName}`);
    for (const side of ['back', 'front'] as const) {
      const bytes = fs.readFileSync(`/tmp/dbg/${c[side]}`);
      const whole = await sharp(bytes).rotate().resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true }).grayscale().png().toBuffer();
      const { width = 0, height = 0 } = await sharp(whole).metadata();
      const lower = await sharp(whole).extract({ left: 0, top: Math.floor(height / 2), width, height: height - Math.floor(height / 2) }).png().toBuffer();
      for (const [name, img] of [['lower', lower], ['whole', whole]] as const) {
        const page = await ocr.readMrz(img);
        const lines = findMrzLines(page.text);
        console.log(`-- ${side} ${name} mrz skew ${page.skewDegrees.toFixed(2)}\n${page.text}\n   lines ${JSON.stringify(lines)} -> ${JSON.stringify(lines && readMrzWithRepair(lines))}`);
      }
      if (side === 'front') {
        const t = await ocr.readText(whole);
        console.log(`-- front text skew ${t.skewDegrees.toFixed(2)}\n${t.text}`);
        if (faces) {
          const found = await faces.describe(await decodeForChecks(await checkImage(`data:image/jpeg;base64,${bytes.toString('base64')}`)));
          console.log(`-- faces on front: ${found.length}`);
        }
      }
    }
  }
  await ocr.onApplicationShutdown();
}, 600000);
