import sharp from 'sharp';
import { blockGridOf } from './block-grid';
import type { RgbImage } from './rgb-image';
import { stepProfilesOf } from './step-profiles';
import { greyTexture } from '../../testing/grey-texture';
import { resizedJpeg } from '../../testing/resized-jpeg';

/** blockGridOf of the face box's square of `image`. */
const measured = (image: RgbImage, box: [number, number, number, number]) => blockGridOf(stepProfilesOf(image, box));

describe('blockGridOf', () => {
  const box: [number, number, number, number] = [80, 80, 240, 240];

  it('finds the grid of blocks pixelated and left hard, at a block size that is not a whole number of pixels', async () => {
    expect(measured(await resizedJpeg(greyTexture(60, 60, 7), 60, 400, 'nearest', 80), box)).toBeGreaterThan(3);
  });

  it('finds none in a frame taken at its own resolution and saved as a JPEG (whose 8-pixel blocks are not flat)', async () => {
    expect(measured(await resizedJpeg(greyTexture(400, 400, 7), 400, 400, 'nearest', 92), box)).toBeLessThan(2);
  });

  it('finds none in the same blocks enlarged smoothly (a limit: docs/liveness.md)', async () => {
    expect(measured(await resizedJpeg(greyTexture(60, 60, 7), 60, 400, 'cubic', 80), box)).toBeLessThan(2);
  });

  it("finds blocks of 8 pixels on the JPEG's own grid, and off it (a picture cropped by 3 pixels before it was saved)", async () => {
    expect(measured(await resizedJpeg(greyTexture(50, 50, 7), 50, 400, 'nearest', 80), box)).toBeGreaterThan(3);
    const enlarged = await sharp(greyTexture(50, 50, 7), { raw: { width: 50, height: 50, channels: 3 } })
      .resize(400, 400, { kernel: 'nearest' })
      .png()
      .toBuffer();
    const off = await sharp(enlarged).extract({ left: 3, top: 3, width: 392, height: 392 }).jpeg({ quality: 80 }).toBuffer();
    const { data, info } = await sharp(off).raw().toBuffer({ resolveWithObject: true });
    expect(measured({ data, width: info.width, height: info.height }, box)).toBeGreaterThan(3);
  });

  it("does not take a JPEG's own blocks for pixelation, down to quality 10, where a smooth face's blocks are nearly flat", async () => {
    const smooth = await sharp(greyTexture(400, 400, 7), { raw: { width: 400, height: 400, channels: 3 } })
      .blur(2)
      .raw()
      .toBuffer();
    expect(measured(await resizedJpeg(smooth, 400, 400, 'nearest', 10), box)).toBeLessThan(3);
  });

  it('reads a flat image, and a face box near the edge or larger than the image, without failing', () => {
    expect(measured({ data: Buffer.alloc(120 * 90 * 3, 128), width: 120, height: 90 }, box)).toBe(1);
    expect(Number.isFinite(measured({ data: greyTexture(120, 90, 3), width: 120, height: 90 }, [-10, -10, 300, 300]))).toBe(true);
  });
});
