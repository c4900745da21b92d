import sharp from 'sharp';
import { Ocr, OcrCutShort, type OcrPage } from '../document/ocr';
import { OcrBudget } from '../document/ocr-budget';
import { ocrPng } from '../document/ocr-png';
import { SKEW_WORTH_CORRECTING_DEGREES, deskew } from '../document/skew';
import { MAX_DOCUMENT_CHARACTERS, characterCount } from '../document/text-amount';
import type { CheckedImage } from '../images/image-input';

/**
 * The long edge the selfie is read at. A camera frame is 640 px wide: a card held up in it prints
 * its text 8-12 px high, which tesseract misreads; at twice the size it reads it (the evaluation's
 * tuning cases, docs/liveness.md). Larger photos are brought down to the size documents are read at.
 */
const READ_LONG_EDGE = { min: 1280, max: 2000 };

/**
 * The selfie as a grey PNG for the text engine (EXIF rotation applied, long edge 1280-2000 px), or
 * none when it holds more printed characters than any document: reading it would cost many times a
 * card's read (and no face at the camera looks like that).
 */
async function selfieForOcr(image: CheckedImage): Promise<Buffer | undefined> {
  // The photo's resolution goes with it to tesseract, scaled as the image is (without one,
  // tesseract guesses one from the print and warns on stderr, which is no log line).
  // One decode: the long edge is the same however the photo is turned upright.
  const { density = 72, width = 0, height = 0 } = await sharp(image.bytes).metadata();
  const longEdge = Math.max(width, height);
  const target = Math.min(READ_LONG_EDGE.max, Math.max(READ_LONG_EDGE.min, longEdge));
  const { data, info } = await sharp(image.bytes)
    .rotate()
    .resize({ width: target, height: target, fit: 'inside', kernel: 'lanczos3' })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if ((await characterCount({ data, width: info.width, height: info.height })) > MAX_DOCUMENT_CHARACTERS) return undefined;
  const scaled = Math.round((density * Math.max(info.width, info.height)) / longEdge);
  return ocrPng(
    sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
      .toColourspace('b-w')
      .withDensity(scaled),
  );
}

/**
 * What the selfie prints, read by the text engine: once, and once more turned back when its lines
 * run off level (a card held up at an angle). Its budget is its own (`readMaxMs` a read): a read
 * stopped at its limit gives no text, and never leaves the document's own reads short.
 */
export async function selfieText(ocr: Ocr, image: CheckedImage, readMaxMs: number, signal: AbortSignal): Promise<string> {
  const png = await selfieForOcr(image);
  if (!png) return '';
  const budget = new OcrBudget(readMaxMs, 2 * readMaxMs);
  const read = (region: Buffer) =>
    budget
      .read((limit) => ocr.readText(region, limit, signal))
      .catch((error: unknown): OcrPage => {
        if (error instanceof OcrCutShort) return { text: '', skewDegrees: 0, readMs: 0 };
        throw error;
      });
  const page = await read(png);
  if (Math.abs(page.skewDegrees) < SKEW_WORTH_CORRECTING_DEGREES) return page.text;
  return `${page.text}\n${(await read(await deskew(png, page.skewDegrees))).text}`;
}
