import { PATCH_SIZE, boxBlur, greyAt } from './face-patch';
import type { RgbImage } from './rgb-image';

/** Detail finer than this box blur's size (7 pixels) is a picture's finest; up to the next (17 pixels), its coarser. */
const FINE_BLUR = 3;
const COARSE_BLUR = 8;

/**
 * How much of a face's detail is at the image's own finest scale: in a square of PATCH_SIZE of the
 * image's pixels at the face box's centre (as they are, not resampled), the energy of the detail
 * finer than 7 pixels over that of the detail between 7 and 17. A camera's frame of a live face
 * keeps detail down to its pixels (skin, hair, the sensor's noise); a picture made small and
 * enlarged again (a copy pixelated to hide it, docs/liveness.md, "Pixelated copies of the
 * portrait") has almost none at that scale. Measured, not decided on: on the recordings of live
 * people at webcams 0.38 or more, on the evaluation's copies enlarged smoothly 0.22 or less, and on
 * its own genuine selfies, which are small photos enlarged, as low as 0.13. And a copy whose blocks
 * are left hard (1.09-1.67), or with grain laid over (1.42-23.7), is among the live frames or far
 * above them: an attacker who knows of it passes it.
 */
export function fineDetailOf(image: RgbImage, box: [number, number, number, number]): number {
  const left = Math.round(box[0] + box[2] / 2 - PATCH_SIZE / 2);
  const top = Math.round(box[1] + box[3] / 2 - PATCH_SIZE / 2);
  const grey = new Float32Array(PATCH_SIZE * PATCH_SIZE);
  for (let y = 0; y < PATCH_SIZE; y++) for (let x = 0; x < PATCH_SIZE; x++) grey[y * PATCH_SIZE + x] = greyAt(image, left + x, top + y);
  const fine = boxBlur(grey, FINE_BLUR);
  const coarse = boxBlur(grey, COARSE_BLUR);
  let fineEnergy = 0;
  let coarseEnergy = 0;
  for (let i = 0; i < grey.length; i++) {
    fineEnergy += (grey[i] - fine[i]) ** 2;
    coarseEnergy += (fine[i] - coarse[i]) ** 2;
  }
  return coarseEnergy === 0 ? 0 : fineEnergy / coarseEnergy;
}
