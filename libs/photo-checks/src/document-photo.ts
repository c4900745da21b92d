/**
 * What a photo of an ID document shows before it is sent, so that the person can take it again at
 * once instead of learning minutes later that it could not be read: too dark, a glare, blurred, the
 * document too small in the frame. Pure arithmetic on pixels: the browser passes a canvas' pixels,
 * the evaluation sharp's. Guidance only: nothing here refuses a photo (the checks on the server decide).
 *
 * Written by hand: the libraries that measure these (OpenCV's Laplacian variance, image-quality
 * models) are megabytes of WebAssembly for the browser; these four measures are a few passes over
 * at most 640 x 640 pixels (a few milliseconds).
 */

/** Pixels as a canvas (RGBA) or sharp (RGB or RGBA) gives them, row by row. */
export interface Pixels {
  data: ArrayLike<number>;
  width: number;
  height: number;
  channels: 3 | 4;
}

export type PhotoProblem = 'dark' | 'glare' | 'blurry' | 'small';

export interface PhotoMeasures {
  /** The 99th percentile of brightness (0-255) over the document: how bright its brightest parts are. */
  brightness: number;
  /** The share of the document in a reflection's halo: smooth, brighter than its paper, not yet clipped (a lamp's or the sun's reflection). */
  glare: number;
  /** How steep its typical edge is for its contrast (0-1), in the softer of the two directions: blur and a moving hand spread an edge over more pixels. */
  sharpness: number;
  /** The share of the frame the document takes (the box holding most of the photo's edges). */
  fill: number;
}

export interface PhotoAssessment {
  problems: PhotoProblem[];
  measures: PhotoMeasures;
}

// Math's functions as module constants: in a sandboxed global (a test runner's vm context) every
// `Math.` in a loop is a slow global look-up, 30 times the cost of the arithmetic.
const { sqrt, abs, min, max, round, floor } = Math;

/** The long edge both the browser and the evaluation bring a photo to before it is measured. */
export const WORKING_LONG_EDGE = 640;

/**
 * The limits past which a problem is said, chosen on the evaluation's tuning designs only (run
 * `npm run eval:capture-guidance`; docs/accuracy.md, "Capture guidance"): between the good photos and
 * the ones made blurred (blur 3), dark (brightness 0.4), glared and small there. The held-out designs
 * and the other kinds and levels of each problem are reported apart, never used to choose.
 */
export const DOCUMENT_PHOTO_LIMITS = {
  /** Below this, even the document's brightest parts are dim (good photos 241 at least; dark ones 98 at most). */
  minBrightness: 125,
  /** Above this share in a reflection's halo, light hides part of the document (good at most 0.005; glared from 0.002, median 0.016). */
  maxGlare: 0.008,
  /** Below this, the edges are soft: out of focus or moved (good from 0.365; blurred at most 0.315). */
  minSharpness: 0.34,
  /** Below this share of the frame, the document is too far away (good from 0.507; small 0.115). */
  minFill: 0.3,
};

export type DocumentPhotoLimits = typeof DOCUMENT_PHOTO_LIMITS;

/** A gradient (0-255 scale, Sobel over 8) this strong is an edge: print, a card's border. */
const EDGE = 24;
/** Clipped: brighter than this in every channel. */
const CLIPPED = 250;
/** How far each way across an edge its brightness range is read: a blurred edge rises over more than this. */
const R = 3;
/** Steepness (gradient over the range around it) in bins up to this value. */
const MAX_STEEPNESS = 1;
const STEEPNESS_BINS = 200;
/** A glare's halo is this much brighter than the paper. */
const HALO_ABOVE_PAPER = 12;
/** Smooth: a gradient below this (no print, no edge). */
const SMOOTH = 6;
/** The paper is the commonest brightness from this level up to clipping (print and most surfaces are darker). */
const PAPER_FROM = 100;
/** The document's box holds the edges between these shares of the edges along each axis. */
const EXTENT_TAIL = 0.03;

export function assessDocumentPhoto(pixels: Pixels, limits: DocumentPhotoLimits = DOCUMENT_PHOTO_LIMITS): PhotoAssessment {
  const measures = measureDocumentPhoto(pixels);
  const problems: PhotoProblem[] = [];
  if (measures.brightness < limits.minBrightness) problems.push('dark');
  if (measures.glare > limits.maxGlare) problems.push('glare');
  // A dark photo's edges are faint, and its blur is not what the person should fix first.
  if (measures.sharpness < limits.minSharpness && !problems.includes('dark')) problems.push('blurry');
  // Blur or darkness weakens the edges the document's box is found by: its size is then not known.
  if (measures.fill < limits.minFill && !problems.includes('dark') && !problems.includes('blurry')) problems.push('small');
  return { problems, measures };
}

export function measureDocumentPhoto({ data, width, height, channels }: Pixels): PhotoMeasures {
  const count = width * height;
  const luma = new Float32Array(count);
  const clipped = new Uint8Array(count);
  for (let i = 0, p = 0; i < count; i++, p += channels) {
    const r = data[p];
    const g = data[p + 1];
    const b = data[p + 2];
    luma[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    clipped[i] = r > CLIPPED && g > CLIPPED && b > CLIPPED ? 1 : 0;
  }

  // Edges (Sobel), and where along each axis they lie: the document is where the edges are.
  const gradient = new Float32Array(count);
  // 1 where the edge runs up and down (the brightness changes across x), 0 where it runs sideways.
  const across = new Uint8Array(count);
  const columns = new Float64Array(width);
  const rows = new Float64Array(height);
  let edges = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const gx = luma[i - width + 1] + 2 * luma[i + 1] + luma[i + width + 1] - luma[i - width - 1] - 2 * luma[i - 1] - luma[i + width - 1];
      const gy = luma[i + width - 1] + 2 * luma[i + width] + luma[i + width + 1] - luma[i - width - 1] - 2 * luma[i - width] - luma[i - width + 1];
      const magnitude = sqrt(gx * gx + gy * gy) / 8;
      gradient[i] = magnitude;
      across[i] = abs(gx) >= abs(gy) ? 1 : 0;
      if (magnitude > EDGE) {
        columns[x]++;
        rows[y]++;
        edges++;
      }
    }
  }
  const [left, right] = edges > 0 ? extent(columns, edges) : [0, width - 1];
  const [top, bottom] = edges > 0 ? extent(rows, edges) : [0, height - 1];
  const fill = edges > 0 ? ((right - left + 1) * (bottom - top + 1)) / count : 0;

  // Within the document's box: its brightness, its paper, and how steep its edges are
  // for their contrast: a blurred edge rises over more pixels, whatever its contrast or the amount of print.
  const brightness = new Float64Array(256);
  // Per direction: a hand that moved sideways blurs the edges that run up and down, not the others.
  const steepness = [new Float64Array(STEEPNESS_BINS), new Float64Array(STEEPNESS_BINS)];
  for (let y = max(top, R); y <= min(bottom, height - 1 - R); y++) {
    for (let x = max(left, R); x <= min(right, width - 1 - R); x++) {
      const i = y * width + x;
      brightness[min(255, round(luma[i]))]++;
      if (gradient[i] <= EDGE) continue;
      // The brightness range across the edge (along its gradient), R pixels each way.
      const step = across[i] ? 1 : width;
      let low = 255;
      let high = 0;
      for (let k = -R; k <= R; k++) {
        const value = luma[i + k * step];
        if (value < low) low = value;
        if (value > high) high = value;
      }
      steepness[across[i]][min(STEEPNESS_BINS - 1, floor(((gradient[i] / (high - low + 1)) * STEEPNESS_BINS) / MAX_STEEPNESS))]++;
    }
  }
  // The typical edge of each direction, and the softer of the two: a document's edges are mostly print.
  const sharpness = min(...steepness.map((bins) => (binAt(bins, 0.5) / STEEPNESS_BINS) * MAX_STEEPNESS));
  // Glare: a reflection brightens the paper smoothly towards a white core, over a wide halo; white
  // printed on a document (a panel, a zone's background) ends at a sharp edge instead. So the glare
  // is the share of the document that is smooth, brighter than its paper and not yet clipped. The
  // paper is the commonest brightness below clipping (print and most surfaces are darker).
  const paper = modeOf(brightness, PAPER_FROM, CLIPPED - 1).bin;
  let halo = 0;
  let inside = 0;
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const i = y * width + x;
      if (!clipped[i] && luma[i] > paper + HALO_ABOVE_PAPER && gradient[i] < SMOOTH) halo++;
      inside++;
    }
  }
  const glare = inside > 0 ? halo / inside : 0;
  return { brightness: binAt(brightness, 0.99), glare, sharpness, fill };
}

/** The first and last index between which all but EXTENT_TAIL of the mass lies at each end. */
function extent(profile: Float64Array, total: number): [number, number] {
  let first = 0;
  for (let seen = 0; first < profile.length && seen + profile[first] <= total * EXTENT_TAIL; first++) seen += profile[first];
  let last = profile.length - 1;
  for (let seen = 0; last > first && seen + profile[last] <= total * EXTENT_TAIL; last--) seen += profile[last];
  return [first, last];
}

/** The commonest bin from `from` up, over windows of five bins (JPEG and light spread a colour over a few). */
function modeOf(histogram: Float64Array, from: number, to: number): { bin: number; count: number } {
  let best = { bin: from, count: 0 };
  for (let bin = from + 2; bin <= to - 2; bin++) {
    const around = histogram[bin - 2] + histogram[bin - 1] + histogram[bin] + histogram[bin + 1] + histogram[bin + 2];
    if (around > best.count) best = { bin, count: around };
  }
  return best;
}

/** The bin below which share `q` of the counts lie. */
function binAt(histogram: Float64Array, q: number): number {
  let total = 0;
  for (const n of histogram) total += n;
  if (total === 0) return 0;
  let seen = 0;
  for (let bin = 0; bin < histogram.length; bin++) {
    seen += histogram[bin];
    if (seen >= q * total) return bin;
  }
  return histogram.length - 1;
}
