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
 * The set's folder: EVAL_DIR if given (the generated set, .data/eval/generated, holds every case);
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
];
/** The edited crops' grain, as strong (presentation-attacks.ts). */
const GRAIN_STRENGTH = 40;

async function reduced(selfie: Buffer, { across, down, kernel, enlarge, grain: grained, soften }: Reduction): Promise<Buffer> {
  const framed = await sharp(selfie).resize(480, 640, { fit: 'cover' }).toBuffer();
  const blocks = await sharp(framed).resize(across, down, { kernel }).toBuffer();
  const enlarged = sharp(blocks).resize(480, 640, { kernel: enlarge });
  if (soften) enlarged.blur(soften);
  if (grained) enlarged.composite([{ input: grain(GRAIN_STRENGTH), raw: { width: 480, height: 640, channels: 1 }, blend: 'overlay' }]);
  return enlarged.jpeg({ quality: 80 }).toBuffer();
}

/** How a reduction is named in the report. */
function described({ across, down, kernel, enlarge, grain: grained, soften }: Reduction): string {
  const how = kernel === 'linear' ? 'smoothly' : enlarge === 'nearest' ? 'pixelated, blocks left hard' : 'pixelated';
  return `brought down to ${across} x ${down} (${how}${grained ? ', grain added' : ''}${soften ? `, softened by a blur of ${soften} px` : ''}) and enlarged again`;
}

const EDITS: CopyEdit[] = REDUCTIONS.map((reduction) => ({
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
