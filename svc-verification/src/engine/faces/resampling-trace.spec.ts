import { resamplingTraceOf } from './resampling-trace';
import type { RgbImage } from './rgb-image';
import { stepProfilesOf } from './step-profiles';
import { greyTexture } from '../../testing/grey-texture';
import { type ResizeKernel as Kernel, enlargedAndTurnedJpeg, resizedJpeg } from '../../testing/resized-jpeg';

/** resamplingTraceOf of the face box's square of `image`. */
const measured = (image: RgbImage, box: [number, number, number, number]) => resamplingTraceOf(stepProfilesOf(image, box));

describe('resamplingTraceOf', () => {
  const box: [number, number, number, number] = [72, 72, 256, 256];

  it.each<[Kernel]>([['cubic'], ['linear'], ['lanczos3']])('finds a picture enlarged 6.7 times however smoothly (%s)', async (kernel) => {
    expect(measured(await resizedJpeg(greyTexture(60, 60, 7), 60, 400, kernel, 80), box)).toBeGreaterThan(5);
  });

  it('finds a picture enlarged 12 times', async () => {
    expect(measured(await resizedJpeg(greyTexture(34, 34, 7), 34, 400, 'cubic', 80), box)).toBeGreaterThan(5);
  });

  it.each([
    [440, 400],
    [400, 533],
  ])('finds a picture enlarged more one way than the other (60 pixels to %i x %i: its periods apart)', async (width, height) => {
    expect(measured(await enlargedAndTurnedJpeg(greyTexture(60, 60, 7), 60, width, height, 0), box)).toBeGreaterThan(5);
  });

  it.each([[-9], [-3], [2], [6]])('finds a picture enlarged 7.3 times and turned %i degrees (its repeats along tilted lines)', async (turn) => {
    expect(measured(await enlargedAndTurnedJpeg(greyTexture(60, 60, 7), 60, 440, 440, turn), box)).toBeGreaterThan(5);
  });

  it('finds none in a frame at its own resolution, saved as a JPEG down to quality 10 (its own blocks of 8 left out)', async () => {
    expect(measured(await resizedJpeg(greyTexture(400, 400, 7), 400, 400, 'nearest', 92), box)).toBeLessThan(3);
    expect(measured(await resizedJpeg(greyTexture(400, 400, 7), 400, 400, 'nearest', 10), box)).toBeLessThan(3);
  });

  it.each<[number, Kernel]>([
    [800, 'linear'],
    [500, 'nearest'],
    [500, 'linear'],
    [640, 'cubic'],
    [640, 'nearest'],
  ])('finds none in a frame brought down from %i pixels to 400 by %s, as a camera scales (its places repeat every 5 pixels at most)', async (from, kernel) => {
    expect(measured(await resizedJpeg(greyTexture(from, from, 7), from, 400, kernel, 92), box)).toBeLessThan(3);
  });

  it('reads a flat image, a face too small to measure, and a face box near the edge or larger than the image, without failing', () => {
    expect(measured({ data: Buffer.alloc(120 * 90 * 3, 128), width: 120, height: 90 }, box)).toBe(0);
    expect(measured({ data: greyTexture(40, 40, 3), width: 40, height: 40 }, [0, 0, 40, 40])).toBe(0);
    expect(Number.isFinite(measured({ data: greyTexture(120, 90, 3), width: 120, height: 90 }, [-10, -10, 300, 300]))).toBe(true);
  });
});
