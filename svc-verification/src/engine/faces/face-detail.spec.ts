import sharp from 'sharp';
import { fineDetailOf } from './face-detail';
import type { RgbImage } from './rgb-image';
import { greyTexture } from '../../testing/grey-texture';

async function enlarged(data: Buffer, from: number, to: number, kernel: 'nearest' | 'cubic'): Promise<RgbImage> {
  const pixels = await sharp(data, { raw: { width: from, height: from, channels: 3 } })
    .resize(to, to, { kernel })
    .raw()
    .toBuffer();
  return { data: pixels, width: to, height: to };
}

describe('fineDetailOf', () => {
  const box: [number, number, number, number] = [100, 100, 200, 200];

  it('finds most of a frame taken at its own resolution in its finest detail', () => {
    expect(fineDetailOf({ data: greyTexture(400, 400, 7), width: 400, height: 400 }, box)).toBeGreaterThan(1);
  });

  it('finds little in a picture made small and enlarged again smoothly (as an editor pixelates, then enlarges)', async () => {
    expect(fineDetailOf(await enlarged(greyTexture(60, 60, 7), 60, 400, 'cubic'), box)).toBeLessThan(0.3);
  });

  it('does not see blocks enlarged by the nearest pixel: their hard edges are fine detail (a limit, docs/liveness.md)', async () => {
    expect(fineDetailOf(await enlarged(greyTexture(60, 60, 7), 60, 400, 'nearest'), box)).toBeGreaterThan(0.3);
  });

  it('reads a face box near the edge, or larger than its square, without failing', () => {
    const image = { data: greyTexture(120, 90, 3), width: 120, height: 90 };
    expect(Number.isFinite(fineDetailOf(image, [-10, -10, 300, 300]))).toBe(true);
  });
});
