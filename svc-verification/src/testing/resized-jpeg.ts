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
  return decoded(jpeg);
}

/**
 * `data` (RGB pixels, `from` x `from`) enlarged smoothly to `width` x `height`, turned `turn`
 * degrees, cut to 400 x 400 at its centre, then saved as a JPEG of 80 and decoded again: a picture
 * enlarged, stretched or turned as an editor does (faces/resampling-trace.ts).
 */
export async function enlargedAndTurnedJpeg(data: Buffer, from: number, width: number, height: number, turn: number): Promise<RgbImage> {
  let picture = await sharp(data, { raw: { width: from, height: from, channels: 3 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .png()
    .toBuffer();
  if (turn) picture = await sharp(picture).rotate(turn).png().toBuffer();
  const { width: turnedWidth = width, height: turnedHeight = height } = await sharp(picture).metadata();
  const jpeg = await sharp(picture)
    .extract({ left: Math.round((turnedWidth - 400) / 2), top: Math.round((turnedHeight - 400) / 2), width: 400, height: 400 })
    .jpeg({ quality: 80 })
    .toBuffer();
  return decoded(jpeg);
}

async function decoded(jpeg: Buffer): Promise<RgbImage> {
  const { data: pixels, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { data: pixels, width: info.width, height: info.height };
}
