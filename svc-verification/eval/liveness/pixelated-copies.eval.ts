import path from 'node:path';
import sharp from 'sharp';
import { grain } from '../presentation-attacks';
import { type CopyEdit, checkEditedCopies } from './edited-copies';

/**
 * `npm run eval:liveness -- pixelated-copies`: how far pixelating a copy of the document's portrait
 * gets it past the checks (docs/liveness.md, "Pixelated copies of the portrait"). The edited crops of
 * the evaluation set pixelate at one strength; this takes every copy of the portrait the set has
 * (its portrait crops, and the first genuine selfies of each split, which are the portrait's own photo
 * taken again: edited-copies.ts) and brings each down to a grid of blocks (by the nearest pixel, at
 * three strengths, or smoothly) and enlarges it again, smoothly (cubic: the blocks do not show), or
 * by the nearest pixel as an image editor's "pixelate" does (the blocks show with hard edges), with
 * grain laid over or not, or softened, saved as JPEG (REDUCTIONS). Each is then checked by the engine as
 * configured, as the selfie of the document it copies, and the selfie's fine detail at its own
 * pixels (faces/face-detail.ts, logged, not decided on) and its block grid (faces/block-grid.ts,
 * decided on: LIVENESS_PIXELATED_SELFIE) are reported beside. Nothing is chosen on it:
 * it measures the rules as they are.
 *
 * EVAL_KINDS=<name>,... limits the run to those reductions. The set's folder: EVAL_DIR if given (the generated set, .data/eval/generated, holds every case);
 * otherwise the cases it needs are generated into .data/eval/pixelated/sources.
 * Writes .data/eval/pixelated-copies-report.md.
 */
const ROOT = path.resolve(__dirname, '../../..');
const OUT = path.join(ROOT, '.data/eval');
const FOLDER = path.join(OUT, 'pixelated');

/**
 * The copy as the set makes a selfie (480 x 640), brought down to this many blocks across and down,
 * by the nearest pixel or smoothly, and enlarged again to 480 x 640:
 * - `cubic`: smoothly, so that the blocks do not show (a picture made small and enlarged again);
 * - `nearest`: by the nearest pixel, so that the blocks show with hard edges (an image editor's
 *   "pixelate", or "mosaic");
 * and, with `grain`, the edited crops' grain (presentation-attacks.ts, "grain added") laid over the
 * result, as an attacker who knows that a camera's frame keeps detail down to its pixels adds it.
 */
interface Reduction {
  name: string;
  across: number;
  down: number;
  kernel: 'nearest' | 'linear';
  enlarge: 'cubic' | 'nearest';
  grain?: true;
  /** A Gaussian blur of this sigma (pixels) over the enlarged copy, as an editor's "soften" takes hard edges off. */
  soften?: number;
  /** Enlarged this much wider than tall (the blocks' places repeat at another period across than down), then cut to 480 x 640. */
  stretch?: number;
  /** Enlarged a tenth larger (or more: reshaped), turned this many degrees, cut to 480 x 640 at its centre (the blocks' places repeat along tilted lines). */
  turn?: number;
}
const REDUCTIONS: Reduction[] = [
  { name: 'pixelated-72x96', across: 72, down: 96, kernel: 'nearest', enlarge: 'cubic' },
  { name: 'pixelated-56x75', across: 56, down: 75, kernel: 'nearest', enlarge: 'cubic' },
  { name: 'pixelated-40x53', across: 40, down: 53, kernel: 'nearest', enlarge: 'cubic' },
  { name: 'reduced-56x75', across: 56, down: 75, kernel: 'linear', enlarge: 'cubic' },
  // added 2026-12-01, written before their first run: the blocks left hard, and grain over the two kinds that pass most
  { name: 'mosaic-72x96', across: 72, down: 96, kernel: 'nearest', enlarge: 'nearest' },
  { name: 'mosaic-56x75', across: 56, down: 75, kernel: 'nearest', enlarge: 'nearest' },
  { name: 'pixelated-56x75-grain', across: 56, down: 75, kernel: 'nearest', enlarge: 'cubic', grain: true },
  { name: 'reduced-56x75-grain', across: 56, down: 75, kernel: 'linear', enlarge: 'cubic', grain: true },
  // added 2026-12-01 (second session), written before their first run, when hard blocks came to be
  // refused (faces/block-grid.ts): blocks of 8 pixels, on the JPEG's own grid; and what an attacker
  // who learns of the rule does next, the blocks softened or grained
  { name: 'mosaic-60x80', across: 60, down: 80, kernel: 'nearest', enlarge: 'nearest' },
  { name: 'mosaic-72x96-softened', across: 72, down: 96, kernel: 'nearest', enlarge: 'nearest', soften: 1 },
  { name: 'mosaic-72x96-grain', across: 72, down: 96, kernel: 'nearest', enlarge: 'nearest', grain: true },
  // added 2026-12-02, written before their first run, when a selfie enlarged from a much smaller picture
  // came to be refused (faces/resampling-trace.ts): what an attacker who learns of it tries next on the
  // smooth kind, softened, stretched, or turned
  { name: 'pixelated-72x96-softened', across: 72, down: 96, kernel: 'nearest', enlarge: 'cubic', soften: 1 },
  { name: 'pixelated-72x96-stretched', across: 72, down: 96, kernel: 'nearest', enlarge: 'cubic', stretch: 1.1 },
  { name: 'pixelated-72x96-turned', across: 72, down: 96, kernel: 'nearest', enlarge: 'cubic', turn: 3 },
  // added 2026-12-02 (second session), written before their first run, when the rule came to look
  // along tilted lines and across periods apart (faces/resampling-trace.ts, built on the two above):
  // other shapes, stretches and angles than it was built on, and both at once
  { name: 'pixelated-64x64-reshaped', across: 64, down: 64, kernel: 'nearest', enlarge: 'cubic' },
  { name: 'pixelated-60x80-stretched', across: 60, down: 80, kernel: 'nearest', enlarge: 'cubic', stretch: 1.25 },
  { name: 'pixelated-64x85-turned', across: 64, down: 85, kernel: 'nearest', enlarge: 'cubic', turn: -6 },
  { name: 'reduced-72x96-stretched-turned', across: 72, down: 96, kernel: 'linear', enlarge: 'cubic', stretch: 0.9, turn: 4 },
  // added 2026-12-02 (third session), written before their first run, to measure the blind spot the
  // stretched 1.25 kind found rather than presume it: enlarged 8 and 16 times both ways, smoothly, so
  // that its pixels' places repeat every 8 or 16 pixels both ways, as the JPEG's blocks do
  { name: 'pixelated-60x80', across: 60, down: 80, kernel: 'nearest', enlarge: 'cubic' },
  { name: 'reduced-30x40', across: 30, down: 40, kernel: 'linear', enlarge: 'cubic' },
];
/** The edited crops' grain, as strong (presentation-attacks.ts). */
const GRAIN_STRENGTH = 40;

async function reduced(selfie: Buffer, { across, down, kernel, enlarge, grain: grained, soften, stretch = 1, turn }: Reduction): Promise<Buffer> {
  const framed = await sharp(selfie).resize(480, 640, { fit: 'cover' }).toBuffer();
  // `fill`: a grid of another shape than the frame's (64 x 64) squeezes the face, and enlarging it again to 480 x 640 undoes that
  const blocks = await sharp(framed).resize(across, down, { kernel, fit: 'fill' }).toBuffer();
  const enlarged = stretch === 1 && !turn ? sharp(blocks).resize(480, 640, { kernel: enlarge }) : await reshaped(blocks, enlarge, stretch, turn);
  if (soften) enlarged.blur(soften);
  if (grained) enlarged.composite([{ input: grain(GRAIN_STRENGTH), raw: { width: 480, height: 640, channels: 1 }, blend: 'overlay' }]);
  return enlarged.jpeg({ quality: 80 }).toBuffer();
}

/** The blocks enlarged `stretch` times wider than tall, with `turn` a tenth larger or more and turned, cut to 480 x 640 at the centre (lossless between). */
async function reshaped(blocks: Buffer, enlarge: Reduction['enlarge'], stretch: number, turn: number | undefined) {
  // large enough that the turned picture still fills the frame's corners (a tenth up to 3.7 degrees)
  const larger = turn ? Math.max(1.1, 1 + 0.027 * Math.abs(turn)) : 1;
  let picture = await sharp(blocks)
    .resize(Math.round(480 * stretch * larger), Math.round(640 * larger), { kernel: enlarge, fit: 'fill' })
    .png()
    .toBuffer();
  if (turn) picture = await sharp(picture).rotate(turn).png().toBuffer();
  const { width = 480, height = 640 } = await sharp(picture).metadata();
  return sharp(picture).extract({ left: Math.round((width - 480) / 2), top: Math.round((height - 640) / 2), width: 480, height: 640 });
}

/** How a reduction is named in the report. */
function described({ across, down, kernel, enlarge, grain: grained, soften, stretch, turn }: Reduction): string {
  const how = kernel === 'linear' ? 'smoothly' : enlarge === 'nearest' ? 'pixelated, blocks left hard' : 'pixelated';
  const after = [
    grained && 'grain added',
    soften && `softened by a blur of ${soften} px`,
    stretch && `enlarged ${stretch} times wider than tall`,
    turn && `turned ${turn} degrees`,
  ].filter(Boolean);
  return `brought down to ${across} x ${down} (${[how, ...after].join(', ')}) and enlarged again`;
}

/** EVAL_KINDS=<name>[,<name>...] runs those reductions alone (a rule's change measured on the kinds it can change). */
const ASKED = process.env.EVAL_KINDS?.split(',');

const EDITS: CopyEdit[] = REDUCTIONS.filter(({ name }) => !ASKED || ASKED.includes(name)).map((reduction) => ({
  name: reduction.name,
  description: described(reduction),
  apply: (selfie) => reduced(selfie, reduction),
}));

it('checks copies of the portrait pixelated, or made small and enlarged again', async () => {
  const { results, copies } = await checkEditedCopies(EDITS, {
    folder: FOLDER,
    title: '### Copies of the portrait, pixelated (`npm run eval:liveness -- pixelated-copies`)',
    reportFile: path.join(OUT, 'pixelated-copies-report.md'),
  });
  expect(results).toHaveLength(copies * EDITS.length);
}, 3_600_000);
