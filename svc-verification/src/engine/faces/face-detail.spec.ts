import sharp from 'sharp';
import { fineDetailOf } from './face-detail';
import type { RgbImage } from './rgb-image';

/** A grey texture with detail at every scale down to its pixels, as a camera's frame of skin and hair has. */
function texture(width: number, height: number, seed: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < width * height; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    data.fill(Math.round(64 + (state / 2147483648) * 128), i * 3, i * 3 + 3);
  }
  return data;
}

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
    expect(fineDetailOf({ data: texture(400, 400, 7), width: 400, height: 400 }, box)).toBeGreaterThan(1);
  });

  it('finds little in a picture made small and enlarged again smoothly (as an editor pixelates, then enlarges)', async () => {
    expect(fineDetailOf(await enlarged(texture(60, 60, 7), 60, 400, 'cubic'), box)).toBeLessThan(0.3);
  });

  it('does not see blocks enlarged by the nearest pixel: their hard edges are fine detail (a limit, docs/liveness.md)', async () => {
    expect(fineDetailOf(await enlarged(texture(60, 60, 7), 60, 400, 'nearest'), box)).toBeGreaterThan(0.3);
  });

  it('reads a face box near the edge, or larger than its square, without failing', () => {
    const image = { data: texture(120, 90, 3), width: 120, height: 90 };
    expect(Number.isFinite(fineDetailOf(image, [-10, -10, 300, 300]))).toBe(true);
  });
});
