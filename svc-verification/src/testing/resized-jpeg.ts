import sharp from 'sharp';
import type { RgbImage } from '../engine/faces/rgb-image';

/** How a picture is resized: sharp's kernels an editor or a camera's scaler stands for. */
export type ResizeKernel = 'nearest' | 'linear' | 'cubic' | 'lanczos3';

/**
 * `data` (RGB pixels, `from` x `from`) resized to `to` x `to` by `kernel`, then saved as a JPEG of
 * `quality` and decoded again: a picture made small or large as an editor or a camera does, as the
 * service receives it. For the tests of the measures of a face's own pixels (faces/block-grid.ts,
 * faces/resampling-trace.ts).
 */
export async function resizedJpeg(data: Buffer, from: number, to: number, kernel: ResizeKernel, quality: number): Promise<RgbImage> {
  const jpeg = await sharp(data, { raw: { width: from, height: from, channels: 3 } })
    .resize(to, to, { kernel })
    .jpeg({ quality })
    .toBuffer();
  const { data: pixels, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { data: pixels, width: info.width, height: info.height };
}
