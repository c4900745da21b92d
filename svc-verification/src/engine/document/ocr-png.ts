import type { Sharp } from 'sharp';

/**
 * An image as the PNG handed to tesseract, which decodes it again at once: the PNG only carries the
 * pixels across in memory, so it is compressed at zlib's fastest level (1). sharp's default, level
 * 6, took 37 ms for a card photo's 1272 x 906 pixels (as three channels) against 9 ms, on every
 * region of every check (docs/benchmarks.md); level 0 would save a few ms more and copy three to
 * four times the bytes to tesseract's thread. The pixels are the same at any level.
 */
export function ocrPng(image: Sharp): Promise<Buffer> {
  return image.png({ compressionLevel: 1 }).toBuffer();
}
