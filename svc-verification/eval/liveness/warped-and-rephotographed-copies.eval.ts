import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import sharp from 'sharp';
import { grain } from '../presentation-attacks';
import { between, seeded } from './capture-sequences';
import { type CopyEdit, checkEditedCopies } from './edited-copies';

/**
 * `npm run eval:liveness -- warped-and-rephotographed-copies`: two edits of a copy of the document's
 * portrait that docs/liveness.md listed as not tried, on every copy the set has (edited-copies.ts):
 * - **warped**, as an image editor's "liquify" pushes parts of a face a few pixels (the score
 *   aligns the whole face, by a similarity and an affine map, and compares its detail: a warp that
 *   moves the detail locally keeps the face and moves it out of place), gently and strongly;
 * - **printed and photographed again**: the copy printed (paler, warmer, on a sheet with a white
 *   border), held before a wall, turned a little and seen a little from the side, and photographed
 *   (a little soft, the sensor's grain, JPEG): the camera adds detail of its own.
 * Their strengths were written before their first run, not chosen on it. Nothing is chosen on it: it
 * measures the rules as they are. Writes .data/eval/warped-and-rephotographed-copies-report.md.
 */
const ROOT = path.resolve(__dirname, '../../..');
const OUT = path.join(ROOT, '.data/eval');
const FOLDER = path.join(OUT, 'warped-rephotographed');
const [WIDTH, HEIGHT] = [480, 640];

/**
 * A liquify tool's strokes: six pushes over the middle of the picture, each a round brush of 40-90
 * pixels' radius that moves what is under it `shift` pixels at its centre (half that to all of it,
 * each its own way), fading to nothing at its edge (a Gaussian), sampled between pixels (bilinear).
 */
async function warped(selfie: Buffer, seed: number, shift: number): Promise<Buffer> {
  const { data } = await sharp(selfie).resize(WIDTH, HEIGHT, { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const random = seeded(seed);
  const pushes = Array.from({ length: 6 }, () => {
    const angle = between(random, 0, 2 * Math.PI);
    const strength = shift * between(random, 0.5, 1);
    return {
      x: between(random, 100, 380),
      y: between(random, 140, 500),
      radius: between(random, 40, 90),
      dx: strength * Math.cos(angle),
      dy: strength * Math.sin(angle),
    };
  });
  const out = Buffer.alloc(data.length);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      let [ux, uy] = [0, 0];
      for (const p of pushes) {
        const weight = Math.exp(-((x - p.x) ** 2 + (y - p.y) ** 2) / (2 * p.radius ** 2));
        ux += weight * p.dx;
        uy += weight * p.dy;
      }
      // what the push moved here came from behind it
      const sx = Math.min(WIDTH - 1.001, Math.max(0, x - ux));
      const sy = Math.min(HEIGHT - 1.001, Math.max(0, y - uy));
      const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
      const [fx, fy] = [sx - x0, sy - y0];
      const [topLeft, bottomLeft] = [(y0 * WIDTH + x0) * 3, ((y0 + 1) * WIDTH + x0) * 3];
      for (let c = 0; c < 3; c++) {
        const top = data[topLeft + c] * (1 - fx) + data[topLeft + 3 + c] * fx;
        const bottom = data[bottomLeft + c] * (1 - fx) + data[bottomLeft + 3 + c] * fx;
        out[(y * WIDTH + x) * 3 + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  return sharp(out, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * The copy printed and photographed: paler and warmer, on a sheet with a white border; before a wall,
 * filling 75-90 % of the frame's height, turned 2-6 degrees either way and seen 8-20 % from the side
 * (one edge shorter); a little soft (0.6-1.0 px), the edited crops' grain at a quarter of its
 * strength for the sensor's, JPEG 72-88.
 */
async function rephotographed(selfie: Buffer, seed: number): Promise<Buffer> {
  const random = seeded(seed);
  const border = 24;
  const print = await loadImage(
    await sharp(selfie)
      .resize(WIDTH, HEIGHT, { fit: 'cover' })
      .modulate({ brightness: between(random, 0.95, 1.05), saturation: between(random, 0.8, 0.9) })
      // warmer: blue and a little green held back (sharp's tint would make it monochrome)
      .linear([1, 0.97, 0.9], [0, 0, 0])
      .extend({ top: border, bottom: border, left: border, right: border, background: '#f4f1ea' })
      .png()
      .toBuffer(),
  );
  const canvas = createCanvas(WIDTH, HEIGHT);
  const c = canvas.getContext('2d');
  c.fillStyle = ['#b8b0a4', '#7c8a96', '#d9d2c2', '#5e5a55'][Math.floor(random() * 4)];
  c.fillRect(0, 0, WIDTH, HEIGHT);
  const height = HEIGHT * between(random, 0.75, 0.9);
  const width = (height * print.width) / print.height;
  const side = between(random, 0.08, 0.2) * (random() < 0.5 ? -1 : 1);
  c.translate(WIDTH / 2, HEIGHT / 2);
  c.rotate((between(random, 2, 6) * (random() < 0.5 ? -1 : 1) * Math.PI) / 180);
  // seen from the side: each column of the sheet shorter towards one edge
  for (let column = 0; column < print.width; column++) {
    const t = column / print.width;
    const shortened = 1 - Math.abs(side) * (side > 0 ? t : 1 - t);
    const h = height * shortened;
    c.drawImage(print, column, 0, 1, print.height, -width / 2 + t * width, -h / 2, width / print.width + 0.5, h);
  }
  const photographed = await sharp(await canvas.encode('png'))
    .blur(between(random, 0.6, 1.0))
    .composite([{ input: grain(10), raw: { width: WIDTH, height: HEIGHT, channels: 1 }, blend: 'overlay' }])
    .png()
    .toBuffer();
  return sharp(photographed)
    .jpeg({ quality: Math.round(between(random, 72, 88)) })
    .toBuffer();
}

const EDITS: CopyEdit[] = [
  { name: 'warped-4px', description: 'six liquify pushes of up to 4 pixels', apply: (selfie, seed) => warped(selfie, seed, 4) },
  { name: 'warped-10px', description: 'six liquify pushes of up to 10 pixels', apply: (selfie, seed) => warped(selfie, seed, 10) },
  { name: 'rephotographed', description: 'printed, held before a wall a little turned, and photographed', apply: rephotographed },
];

it('checks copies of the portrait warped, or printed and photographed again', async () => {
  const { results, copies } = await checkEditedCopies(EDITS, {
    folder: FOLDER,
    title: '### Copies of the portrait, warped or printed and photographed again (`npm run eval:liveness -- warped-and-rephotographed-copies`)',
    reportFile: path.join(OUT, 'warped-and-rephotographed-copies-report.md'),
  });
  expect(results).toHaveLength(copies * EDITS.length);
}, 3_600_000);
