import sharp, { type Sharp } from 'sharp';
import { type Design, portraitBox } from './designs';

/**
 * Presentation attacks of docs/liveness.md made from a holder's own rendered document, as the
 * selfie a camera would send (640 x 480, the size mf-verify asks the camera for). Each variant
 * changes how the document is held and lit; none is tuned on: the variants were written before the
 * engine's signal was run on them.
 */

/** A room behind the card: a soft gradient in one of a few wall colours. */
async function room(variant: number, width: number, height: number): Promise<Buffer> {
  const [top, bottom] = [
    ['#c9c2b8', '#6f675e'],
    ['#9fb3c8', '#3d4b59'],
    ['#e8e2d0', '#8a7f6a'],
    ['#5b5f66', '#1f2125'],
  ][variant % 4];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The document held up to the camera: the rendered front filling 72-94 % of the frame's width,
 * turned up to 7 degrees, off centre, softened and lit as a webcam takes it.
 */
export async function cardHeldToCamera(front: Buffer, variant: number): Promise<Buffer> {
  const [width, height] = [640, 480];
  const share = [0.94, 0.82, 0.72, 0.88, 0.78][variant % 5];
  const turn = [-4, 6, -7, 2, 5][variant % 5];
  const card = await sharp(front)
    .resize({ width: Math.round(width * share) })
    .rotate(turn, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const { width: cw = 0, height: ch = 0 } = await sharp(card).metadata();
  const scale = Math.min(1, (width - 4) / cw, (height - 4) / ch);
  const fitted =
    scale < 1
      ? await sharp(card)
          .resize({ width: Math.floor(cw * scale) })
          .png()
          .toBuffer()
      : card;
  const { width: fw = 0, height: fh = 0 } = await sharp(fitted).metadata();
  const left = Math.max(0, Math.min(width - fw, Math.round((width - fw) / 2 + [-20, 15, 0, 25, -10][variant % 5])));
  const top = Math.max(0, Math.min(height - fh, Math.round((height - fh) / 2 + [10, -15, 20, 0, -5][variant % 5])));
  return sharp(await room(variant, width, height))
    .composite([{ input: fitted, left, top }])
    .blur([0.6, 0.9, 0.5, 1.1, 0.7][variant % 5])
    .modulate({ brightness: [1.05, 0.9, 1.12, 0.85, 1][variant % 5] })
    .jpeg({ quality: [80, 72, 85, 68, 76][variant % 5] })
    .toBuffer();
}

/**
 * The document's portrait alone, cut out of a photo of the card and enlarged to fill the frame
 * (issue 37's attack (b)): a flat copy of the printed face, with no text around it.
 */
export async function portraitCrop(front: Buffer, design: Design, variant: number): Promise<Buffer> {
  const { x, y, w, h } = portraitBox(design);
  // a little of the card around the portrait, as a hand-made crop leaves
  const margin = Math.round(w * [0.04, 0.1, 0.0, 0.07][variant % 4]);
  const { width: fw = 0, height: fh = 0 } = await sharp(front).metadata();
  const left = Math.max(0, x - margin);
  const top = Math.max(0, y - margin);
  return sharp(front)
    .extract({ left, top, width: Math.min(fw - left, w + 2 * margin), height: Math.min(fh - top, h + 2 * margin) })
    .resize(480, 640, { fit: 'cover', kernel: 'cubic' })
    .blur([0.8, 1.2, 0.6, 1.0][variant % 4])
    .modulate({ brightness: [1, 0.92, 1.08, 0.96][variant % 4] })
    .jpeg({ quality: [78, 70, 84, 74][variant % 4] })
    .toBuffer();
}

/**
 * A montage (docs/liveness.md): the document's face, cut out of a photo of the card as an oval with
 * soft edges, pasted over another person's face in a photo of them, as an editor does by eye. Both
 * faces sit in the middle half of their pictures (a package face's crop keeps half its size around
 * it; the portrait is that crop, `cover`ed to the card's portrait box), so the oval is placed there.
 */
export async function portraitMontage(front: Buffer, design: Design, otherPerson: Buffer, variant: number): Promise<Buffer> {
  const [width, height] = [480, 640];
  const { x, y, w, h } = portraitBox(design);
  // the portrait's face: the middle half of the picture, a little less or more
  const grow = [0.95, 1.05, 1.0, 1.1][variant % 4];
  const face = {
    left: Math.round(x + w / 2 - 0.32 * w * grow),
    top: Math.round(y + h / 2 - 0.25 * h * grow),
    width: Math.round(0.64 * w * grow),
    height: Math.round(0.5 * h * grow),
  };
  const background = await sharp(otherPerson).resize(width, height, { fit: 'cover' }).toBuffer();
  const { width: ow = width, height: oh = height } = await sharp(otherPerson).metadata();
  // the other person's face, the middle half of their picture, where `cover` put it
  const scale = Math.max(width / ow, height / oh);
  const place = {
    width: Math.min(width, Math.round((ow / 2) * scale * grow)),
    height: Math.min(height, Math.round((oh / 2) * scale * grow)),
  };
  const left = Math.max(0, Math.min(width - place.width, Math.round(width / 2 - place.width / 2 + [0, 6, -5, 3][variant % 4])));
  const top = Math.max(0, Math.min(height - place.height, Math.round(height / 2 - place.height / 2 + [0, -4, 5, 2][variant % 4])));
  const pasted = await softOval(sharp(front).extract(face), place, [0.05, 0.08, 0.04, 0.07][variant % 4]);
  return sharp(background)
    .composite([{ input: pasted, left, top }])
    .modulate({ brightness: [1, 0.94, 1.06, 0.98][variant % 4] })
    .jpeg({ quality: [82, 74, 86, 78][variant % 4] })
    .toBuffer();
}

/**
 * A face cut out for pasting, as a montage's maker does: `image` brought to `size`, kept inside an
 * oval whose edges fade over `feather` of its width (a PNG with that alpha).
 */
export async function softOval(image: Sharp, size: { width: number; height: number }, feather: number): Promise<Buffer> {
  const { width, height } = size;
  const oval = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><filter id="f"><feGaussianBlur stdDeviation="${(feather * width).toFixed(1)}"/></filter>` +
      `<ellipse cx="${width / 2}" cy="${height / 2}" rx="${width * 0.44}" ry="${height * 0.46}" fill="white" filter="url(#f)"/></svg>`,
  );
  return image
    .resize(width, height, { fit: 'fill' })
    .ensureAlpha()
    .composite([{ input: oval, blend: 'dest-in' }])
    .png()
    .toBuffer();
}
