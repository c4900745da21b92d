import sharp from 'sharp';
import type { RgbImage } from './rgb-image';

/** How many pixels the face spans, at least, once its crop is upscaled to be described. */
export const DESCRIBED_FACE_PIXELS = 320;
/** Context kept around the face box on every side, as a share of its longer side (chin, hair, ears). */
const MARGIN = 0.6;

/** The region of an image around a face box, with a margin, inside the image. */
export function regionAround(box: [number, number, number, number], image: { width: number; height: number }) {
  const [x, y, w, h] = box;
  const margin = Math.max(w, h) * MARGIN;
  const left = Math.max(0, Math.round(x - margin));
  const top = Math.max(0, Math.round(y - margin));
  const right = Math.min(image.width, Math.round(x + w + margin));
  const bottom = Math.min(image.height, Math.round(y + h + margin));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/**
 * The face cut out with its margin and upscaled (never downscaled) so that it spans at least
 * DESCRIBED_FACE_PIXELS: the face detector sees a whole image at 256 px, where a card's portrait
 * is a few dozen pixels; in its own crop the landmarks, and so the alignment the descriptor is
 * computed on, are exact.
 */
export async function faceCrop(image: RgbImage, box: [number, number, number, number]): Promise<RgbImage> {
  const region = regionAround(box, image);
  const scale = Math.max(1, DESCRIBED_FACE_PIXELS / Math.max(box[2], box[3]));
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract(region)
    .resize(Math.round(region.width * scale), Math.round(region.height * scale), { kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
