import { blankSheet } from './blank-sheet';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import fs from 'node:fs';

/** Debian's fonts-ocr-b: the MRZ font, installed by the project's test setup. */
export const OCR_B_FONT = '/usr/share/fonts/opentype/ocr-b/OCRB.otf';

let registered = false;

/** Renders MRZ lines in OCR-B on a light card background, as PNG bytes. */
export function renderMrz(lines: string[], options: { fontSize?: number } = {}): Buffer {
  if (!registered) {
    if (!fs.existsSync(OCR_B_FONT)) throw new Error(`${OCR_B_FONT} is missing: run the tests through \`npm test\` (it installs fonts-ocr-b)`);
    GlobalFonts.registerFromPath(OCR_B_FONT, 'OCRB');
    registered = true;
  }
  const fontSize = options.fontSize ?? 44;
  const font = `${fontSize}px OCRB`;
  const measure = createCanvas(1, 1).getContext('2d');
  measure.font = font;
  const width = Math.ceil(Math.max(...lines.map((line) => measure.measureText(line).width))) + 80;
  const height = Math.ceil(fontSize * 1.6 * lines.length) + 60;
  const { canvas, context } = blankSheet(width, height, '#f4f1ea');
  context.fillStyle = '#111111';
  context.font = font;
  lines.forEach((line, i) => context.fillText(line, 40, 40 + fontSize + i * fontSize * 1.6));
  return canvas.toBuffer('image/png');
}
