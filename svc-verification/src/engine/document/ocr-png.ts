import type { Sharp } from 'sharp';

/**
 * An image as the PNG handed to tesseract, which decodes it again at once: the PNG only carries the
 * pixels across in memory, so it is compressed as little as zlib allows (level 1). sharp's default,
 * level 6, took 37 ms of a card photo's 1272 x 906 pixels against 9 ms, on every region of every
 * check (docs/benchmarks.md). The pixels are the same at any level.
 */
export function ocrPng(image: Sharp): Promise<Buffer> {
  return image.png({ compressionLevel: 1 }).toBuffer();
}
