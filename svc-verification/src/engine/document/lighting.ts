import sharp from 'sharp';
import { ocrPng } from './ocr-png';

/**
 * The image divided by its own blurred copy (its lighting), so that a shadow or a glare across a
 * document no longer changes how dark its print is: tesseract thresholds the whole image at one
 * level (Otsu), which a hand's shadow over half a zone defeats. A colour-dodge over the negated
 * blur is that division. Grey PNG in, grey PNG out.
 */
export async function flattenLighting(image: Buffer): Promise<Buffer> {
  const { width = 0 } = await sharp(image).metadata();
  const lighting = await ocrPng(
    sharp(image)
      .blur(Math.max(8, width / 40))
      .negate(),
  );
  return ocrPng(
    sharp(image)
      .composite([{ input: lighting, blend: 'colour-dodge' }])
      .grayscale(),
  );
}
