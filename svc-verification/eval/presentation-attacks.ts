import { createCanvas, loadImage } from '@napi-rs/canvas';
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

/** One edit of a picture, as an attacker with an image editor makes it; the result is a 480 x 640 JPEG. */
type PictureEdit = { name: string; apply: (picture: Buffer) => Promise<Buffer> };

const [CROP_WIDTH, CROP_HEIGHT] = [480, 640];

/** A greyscale grain of mean grey, as a camera's noise or a film look adds it, the same for every run (480 x 640, one channel: blend it as an overlay). */
export function grain(strength: number): Buffer {
  const pixels = Buffer.alloc(CROP_WIDTH * CROP_HEIGHT);
  let state = 12345;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    pixels[i] = Math.round(128 + ((state / 2147483648) * 2 - 1) * strength);
  }
  return pixels;
}

/**
 * Edits that change a copy's pixels while keeping its face (docs/liveness.md, "edited crop"): an
 * attacker who knows that a copy of the card's portrait is looked for. Written, and their strengths
 * chosen by eye on one picture, before the engine was run on any of them.
 */
const PICTURE_EDITS: PictureEdit[] = [
  {
    name: 'stretched 12 % wider',
    apply: (p) =>
      sharp(p)
        .resize(Math.round(CROP_WIDTH * 1.12), CROP_HEIGHT, { fit: 'fill' })
        .resize(CROP_WIDTH, CROP_HEIGHT, { fit: 'cover' })
        .jpeg({ quality: 80 })
        .toBuffer(),
  },
  {
    name: 'squeezed 12 % and turned 8 degrees',
    apply: async (p) =>
      sharp(
        await sharp(p)
          .resize(Math.round(CROP_WIDTH * 0.88), CROP_HEIGHT, { fit: 'fill' })
          .rotate(8, { background: '#7a7470' })
          .toBuffer(),
      )
        .resize(CROP_WIDTH, CROP_HEIGHT, { fit: 'cover' })
        .jpeg({ quality: 80 })
        .toBuffer(),
  },
  {
    name: 'sheared and mirrored',
    apply: async (p) =>
      sharp(await sharp(p).affine([1, 0.12, 0, 1], { background: '#7a7470' }).flop().toBuffer())
        .resize(CROP_WIDTH, CROP_HEIGHT, { fit: 'cover' })
        .jpeg({ quality: 80 })
        .toBuffer(),
  },
  {
    name: 'grain added',
    apply: (p) =>
      sharp(p)
        .resize(CROP_WIDTH, CROP_HEIGHT, { fit: 'cover' })
        .composite([{ input: grain(40), raw: { width: CROP_WIDTH, height: CROP_HEIGHT, channels: 1 }, blend: 'overlay' }])
        .jpeg({ quality: 80 })
        .toBuffer(),
  },
  {
    name: 'blurred, then sharpened',
    apply: async (p) =>
      sharp(await sharp(p).blur(2.2).toBuffer())
        .sharpen({ sigma: 2, m1: 2, m2: 4 })
        .jpeg({ quality: 80 })
        .toBuffer(),
  },
  {
    name: 'pixelated and enlarged again',
    apply: async (p) =>
      sharp(await sharp(p).resize(72, 96, { kernel: 'nearest' }).toBuffer())
        .resize(CROP_WIDTH, CROP_HEIGHT, { kernel: 'cubic' })
        .jpeg({ quality: 80 })
        .toBuffer(),
  },
  {
    name: 'seen at an angle (the top 15 % narrower)',
    apply: async (p) => {
      const picture = await loadImage(await sharp(p).resize(CROP_WIDTH, CROP_HEIGHT, { fit: 'cover' }).png().toBuffer());
      const canvas = createCanvas(CROP_WIDTH, CROP_HEIGHT);
      const c = canvas.getContext('2d');
      c.fillStyle = '#7a7470';
      c.fillRect(0, 0, CROP_WIDTH, CROP_HEIGHT);
      for (let y = 0; y < CROP_HEIGHT; y++) {
        const width = CROP_WIDTH * (0.85 + (0.15 * y) / CROP_HEIGHT);
        c.drawImage(picture, 0, y, CROP_WIDTH, 1, (CROP_WIDTH - width) / 2, y, width, 1);
      }
      return sharp(await canvas.encode('png'))
        .jpeg({ quality: 80 })
        .toBuffer();
    },
  },
  {
    name: 'recoloured and compressed hard',
    apply: (p) =>
      sharp(p)
        .recomb([
          [0.9, 0.2, 0.0],
          [0.1, 0.8, 0.1],
          [0.0, 0.2, 0.7],
        ])
        .linear(1.2, -12)
        .modulate({ saturation: 0.6, hue: 12 })
        .jpeg({ quality: 22 })
        .toBuffer(),
  },
];

/**
 * The portrait crop (above) with one edit of PICTURE_EDITS, or two (the variants from 8 to 15 add the
 * edit three further on): a copy of the card's portrait made to look less like one.
 */
export async function editedPortraitCrop(front: Buffer, design: Design, variant: number): Promise<Buffer> {
  const edits = [PICTURE_EDITS[variant % PICTURE_EDITS.length]];
  if (Math.floor(variant / PICTURE_EDITS.length) % 2 === 1) edits.push(PICTURE_EDITS[(variant + 3) % PICTURE_EDITS.length]);
  let picture = await portraitCrop(front, design, variant);
  for (const edit of edits) picture = await edit.apply(picture);
  return picture;
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
