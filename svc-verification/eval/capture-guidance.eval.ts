import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DOCUMENT_PHOTO_LIMITS, type PhotoMeasures, type PhotoProblem, WORKING_LONG_EDGE, assessDocumentPhoto } from '@idv/photo-checks';
import { generateEvaluationSet, motionKernel } from './generate-set';
import { type EvalCase, readManifest } from './manifest';

/**
 * `npm run eval:capture-guidance`: the browser's capture guidance (libs/photo-checks) on the
 * evaluation's own document photos. Three kinds of photo:
 * - good: the evaluation's clean captures (genuine/clean), which should not be flagged;
 * - the evaluation's degraded captures (genuine/degraded-capture: turned, dim, grainy, a glare, a
 *   shadow, far away...), most of which the checks still read: reported per condition, for what the
 *   guidance says of them;
 * - made to be flagged: each clean capture made blurred, dark, glared or small here, at a level the
 *   person should fix; each must be flagged with that problem.
 * The limits were chosen on the tuning designs only; the held-out rows (the other designs, and other
 * levels and kinds of each problem) were not looked at for that. Writes .data/eval/capture-guidance.md.
 */
const ROOT = path.resolve(__dirname, '../..');
const OUT = path.join(ROOT, '.data/eval');
const FOLDER = path.join(OUT, 'capture-guidance-set');

type Part = 'tuning' | 'held-out';
/** The tuning designs are the first group's; every other split is held out. */
const partOf = (entry: EvalCase): Part => (entry.split === 'tuning' ? 'tuning' : 'held-out');

/** A problem made on a clean capture: its kind, and how, one way for tuning and others held out. */
interface Made {
  problem: PhotoProblem;
  name: string;
  part: Part;
  make: (photo: Buffer) => Promise<Buffer>;
}

const glareSpot = async (photo: Buffer, cx: number, cy: number, r: number, opacity: number) => {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><radialGradient id="g" cx="${cx}" cy="${cy}" r="${r}"><stop offset="0" stop-color="#fff" stop-opacity="1"/><stop offset="0.55" stop-color="#fff" stop-opacity="${opacity}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(photo)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 80 })
    .toBuffer();
};
const farAway = async (photo: Buffer, share: number, surface: string) => {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const padX = Math.round((width / share - width) / 2);
  const padY = Math.round((height / share - height) / 2);
  return sharp(photo).extend({ left: padX, right: padX, top: padY, bottom: padY, background: surface }).jpeg({ quality: 80 }).toBuffer();
};

const MADE: Made[] = [
  { problem: 'blurry', name: 'out of focus (blur 3)', part: 'tuning', make: (p) => sharp(p).blur(3).jpeg({ quality: 80 }).toBuffer() },
  { problem: 'blurry', name: 'out of focus (blur 4)', part: 'held-out', make: (p) => sharp(p).blur(4).jpeg({ quality: 80 }).toBuffer() },
  {
    problem: 'blurry',
    name: 'moved while taken (smear 17 px)',
    part: 'held-out',
    make: (p) => sharp(p).convolve(motionKernel(17)).jpeg({ quality: 80 }).toBuffer(),
  },
  { problem: 'dark', name: 'dark (brightness 0.4)', part: 'tuning', make: (p) => sharp(p).modulate({ brightness: 0.4 }).jpeg({ quality: 80 }).toBuffer() },
  { problem: 'dark', name: 'dark (brightness 0.32)', part: 'held-out', make: (p) => sharp(p).modulate({ brightness: 0.32 }).jpeg({ quality: 80 }).toBuffer() },
  { problem: 'dark', name: 'dim and flat (linear 0.35)', part: 'held-out', make: (p) => sharp(p).linear(0.35, 8).jpeg({ quality: 80 }).toBuffer() },
  { problem: 'glare', name: 'a lamp over the left (0.35, 0.4)', part: 'tuning', make: (p) => glareSpot(p, 0.35, 0.4, 0.2, 0.95) },
  { problem: 'glare', name: 'a window over the right (0.68, 0.55)', part: 'held-out', make: (p) => glareSpot(p, 0.68, 0.55, 0.24, 0.9) },
  { problem: 'glare', name: 'a flash in the middle (0.5, 0.5)', part: 'held-out', make: (p) => glareSpot(p, 0.5, 0.5, 0.16, 1) },
  { problem: 'small', name: 'far away (card 45% of the width)', part: 'tuning', make: (p) => farAway(p, 0.45, '#6b5844') },
  { problem: 'small', name: 'far away (card 40%, grey desk)', part: 'held-out', make: (p) => farAway(p, 0.4, '#9ca3af') },
  { problem: 'small', name: 'far away (card 50%, dark table)', part: 'held-out', make: (p) => farAway(p, 0.5, '#2b2118') },
];

/** A photo as the browser measures it: its long edge brought to WORKING_LONG_EDGE, RGB. */
async function assess(photo: Buffer) {
  const { data, info } = await sharp(photo)
    .rotate()
    .resize({ width: WORKING_LONG_EDGE, height: WORKING_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return assessDocumentPhoto({ data, width: info.width, height: info.height, channels: 3 });
}

interface Row {
  kind: string;
  part: Part;
  photos: number;
  flagged: number;
  /** Flagged with the problem it was made with (made rows only). */
  right?: number;
  problems: Record<string, number>;
}

it('measures the capture guidance on the evaluation photos', async () => {
  const started = Date.now();
  // GUIDANCE_REUSE=1 keeps the photos of the last run (made again otherwise: about 2 minutes).
  const manifest =
    process.env.GUIDANCE_REUSE && fs.existsSync(path.join(FOLDER, 'manifest.json'))
      ? readManifest(FOLDER)
      : await generateEvaluationSet(FOLDER, (id) => /(^|-)(genuine|degraded)-\d+$/.test(id));
  const rows = new Map<string, Row>();
  const measures: { kind: string; part: Part; measures: PhotoMeasures }[] = [];
  const count = (kind: string, part: Part, problems: PhotoProblem[], expected?: PhotoProblem) => {
    const key = `${part}|${kind}`;
    const row = rows.get(key) ?? { kind, part, photos: 0, flagged: 0, ...(expected ? { right: 0 } : {}), problems: {} };
    row.photos++;
    if (problems.length > 0) row.flagged++;
    if (expected && problems.includes(expected)) row.right = (row.right ?? 0) + 1;
    for (const problem of problems) row.problems[problem] = (row.problems[problem] ?? 0) + 1;
    rows.set(key, row);
  };

  for (const entry of manifest.cases) {
    const part = partOf(entry);
    const sides = entry.back === entry.front ? [entry.front] : [entry.front, entry.back];
    for (const side of sides) {
      const photo = fs.readFileSync(path.join(FOLDER, side));
      const clean = entry.category === 'genuine/clean';
      const kind = clean ? 'good (genuine/clean)' : `degraded-capture, ${entry.split}`;
      const result = await assess(photo);
      count(kind, part, result.problems);
      measures.push({ kind: clean ? 'good' : 'degraded-capture', part, measures: result.measures });
      if (!clean) continue;
      for (const made of MADE) {
        const madeResult = await assess(await made.make(photo));
        count(`made: ${made.name}`, made.part === 'tuning' && part === 'tuning' ? 'tuning' : 'held-out', madeResult.problems, made.problem);
        measures.push({ kind: made.problem, part: made.part === 'tuning' && part === 'tuning' ? 'tuning' : 'held-out', measures: madeResult.measures });
      }
    }
  }

  const lines = [
    '# Capture guidance on the evaluation photos',
    '',
    `Limits: ${JSON.stringify(DOCUMENT_PHOTO_LIMITS)}; photos at ${WORKING_LONG_EDGE} px on the long edge. ${manifest.cases.length} cases, ${Math.round((Date.now() - started) / 1000)} s.`,
    '',
    '| part | photos | flagged | flagged with the problem made | problems said |',
    '|---|---|---|---|---|',
  ];
  for (const part of ['tuning', 'held-out'] as Part[]) {
    for (const row of [...rows.values()].filter((r) => r.part === part)) {
      const problems =
        Object.entries(row.problems)
          .map(([problem, n]) => `${problem} ${n}`)
          .join(', ') || '-';
      lines.push(
        `| ${part}: ${row.kind} | ${row.photos} | ${row.flagged} (${pct(row.flagged, row.photos)}) | ${row.right === undefined ? '-' : `${row.right} (${pct(row.right, row.photos)})`} | ${problems} |`,
      );
    }
  }
  lines.push('', '## Measures (tuning part: min / median / max)', '', '| photos | brightness | glare | sharpness | fill |', '|---|---|---|---|---|');
  for (const kind of ['good', 'degraded-capture', 'blurry', 'dark', 'glare', 'small']) {
    const of = measures.filter((m) => m.kind === kind && m.part === 'tuning').map((m) => m.measures);
    if (of.length === 0) continue;
    const spread = (key: keyof PhotoMeasures) => {
      const values = of.map((m) => m[key]).sort((a, b) => a - b);
      const at = (q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))];
      return `${round(values[0])} / ${round(at(0.5))} / ${round(values[values.length - 1])}`;
    };
    lines.push(`| ${kind} (${of.length}) | ${spread('brightness')} | ${spread('glare')} | ${spread('sharpness')} | ${spread('fill')} |`);
  }
  const text = lines.join('\n');
  console.log(text);
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'capture-guidance.md'), `${text}\n`);
  if (!process.env.GUIDANCE_REUSE) fs.rmSync(FOLDER, { recursive: true, force: true });
});

const pct = (n: number, of: number) => `${of === 0 ? 0 : Math.round((100 * n) / of)}%`;
const round = (value: number) => (Math.abs(value) >= 10 ? Math.round(value) : Math.round(value * 1000) / 1000);
