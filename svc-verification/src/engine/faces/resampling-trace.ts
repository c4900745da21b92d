import type { StepProfile, StepProfiles } from './step-profiles';

/**
 * Periods looked for (pixels): an enlargement 6 to 24 times. Below 6 lie a camera's own scalings: a
 * frame brought from 1280, 1024, 960 or 800 pixels to 640 repeats its pixels' places every 2 to 5
 * (brought from 1024 by the nearest pixel, without averaging, photographs reached 5.3 at 5).
 */
const MIN_PERIOD = 6;
const MAX_PERIOD = 24;
/** The profile's spectrum is taken at frequencies (cycles a pixel) this far apart, from the lowest to the highest needed. */
const FREQUENCY_STEP = 0.001;
const LOWEST_FREQUENCY = 1 / 40;
const HIGHEST_FREQUENCY = 0.3;
/** A frequency's neighbours, to compare its strength with: between these distances on either side. */
const NEAR = 0.01;
const FAR = 0.05;
/**
 * A JPEG's own blocks repeat every 8 pixels, and its colour's every 16 (colour is kept at half the
 * resolution, in blocks of 8 of its own pixels), counted from the image's first pixel or its last:
 * compressed, the steps inside and across its blocks differ by their place in them, which a grey
 * level made of the colours shows. Without taking them out, the evaluation's genuine selfies saved
 * again at JPEG quality 50 reached 4.4 (a square at the picture's centre), at lines beside 1/8
 * cycles a pixel. So the part of the profile that repeats every 16 pixels from either end is taken
 * out (faces/step-profiles.ts gives where the square lies), and the frequencies of those repeats in
 * range (1/16, 1/8, 3/16) and those this near them are neither scored nor neighbours.
 */
const JPEG_REPEAT = 16;
const JPEG_LINES = [1 / 16, 2 / 16, 3 / 16];
const JPEG_GAP = 0.004;
/** The columns' and the rows' lines are taken as one when this many steps of frequency apart. */
const MATCH_STEPS = 2;
/** Math's functions, looked up once (face-patch.ts says why: under jest each lookup goes through a sandbox). */
const { abs, cos, hypot, max, min, PI, sin } = Math;

const FREQUENCIES = Array.from(
  { length: Math.floor((HIGHEST_FREQUENCY - LOWEST_FREQUENCY) / FREQUENCY_STEP) + 1 },
  (_, i) => LOWEST_FREQUENCY + i * FREQUENCY_STEP,
);
const nearJpeg = (f: number) => JPEG_LINES.some((line) => abs(f - line) < JPEG_GAP);

/**
 * How sharply the face's steps between neighbouring pixels repeat at one period of 6 to 24 pixels,
 * across and down alike: the trace a picture enlarged from a much smaller one leaves, however
 * smoothly (docs/liveness.md, "Pixelated copies of the portrait"). Each pixel of the enlarged
 * picture lies at a place between the small one's pixels, and those places repeat, so the steps
 * between its pixels grow and shrink with them. In a square of the image's own pixels at the face
 * box's centre (faces/step-profiles.ts), the mean step of each column is a profile, less its part
 * that repeats as a JPEG's blocks do; at each frequency of its spectrum (a Hann window), the
 * strength is compared with that of the frequencies near it, and a face has a trace as strong as
 * the weaker of its columns' and its rows' at one frequency (the enlargement repeats both ways).
 * A face's own shapes and a camera's noise make no sharp line; a camera's frame is never enlarged
 * six times. About 8 ms on the service's main thread, for the selfie alone.
 */
export function resamplingTraceOf({ columns, rows }: StepProfiles): number {
  const across = lineStrengths(columns);
  const down = lineStrengths(rows);
  let trace = 0;
  for (let i = 0; i < FREQUENCIES.length; i++) {
    const f = FREQUENCIES[i];
    if (f < 1 / MAX_PERIOD || f > 1 / MIN_PERIOD || nearJpeg(f)) continue;
    let downHere = 0;
    for (let k = max(0, i - MATCH_STEPS); k <= min(FREQUENCIES.length - 1, i + MATCH_STEPS); k++) downHere = max(downHere, down[k]);
    trace = max(trace, min(across[i], downHere));
  }
  return trace;
}

/** For each of FREQUENCIES, the profile's spectral strength there over its mean strength at the frequencies near it (0 where not measured). */
function lineStrengths({ steps, origin, length }: StepProfile): Float64Array {
  const n = steps.length;
  const strengths = new Float64Array(FREQUENCIES.length);
  if (n < 2 * MAX_PERIOD) return strengths;
  const profile = withoutJpegRepeats(steps, origin, length);
  const mean = profile.reduce((sum, v) => sum + v, 0) / n;
  const windowed = profile.map((v, x) => (v - mean) * (0.5 - 0.5 * cos((2 * PI * x) / (n - 1))));
  const magnitudes = FREQUENCIES.map((f) => {
    let re = 0;
    let im = 0;
    for (let x = 0; x < n; x++) {
      re += windowed[x] * cos(2 * PI * f * x);
      im += windowed[x] * sin(2 * PI * f * x);
    }
    return hypot(re, im);
  });
  for (let i = 0; i < FREQUENCIES.length; i++) {
    let near = 0;
    let count = 0;
    for (let j = 0; j < FREQUENCIES.length; j++) {
      const apart = abs(FREQUENCIES[j] - FREQUENCIES[i]);
      if (apart > NEAR && apart < FAR && !nearJpeg(FREQUENCIES[j])) {
        near += magnitudes[j];
        count++;
      }
    }
    strengths[i] = near === 0 ? 0 : magnitudes[i] / (near / count);
  }
  return strengths;
}

/**
 * `steps` less the part of them that repeats every JPEG_REPEAT pixels of the image's line, counted
 * from its first pixel and then from its last (an image turned by its EXIF orientation): each step
 * less the mean of the steps at its place in the repeat, plus the mean of all.
 */
function withoutJpegRepeats(steps: Float64Array, origin: number, length: number): Float64Array {
  let profile = Float64Array.from(steps);
  for (const placeOf of [(x: number) => (origin + x) % JPEG_REPEAT, (x: number) => (length - 2 - origin - x) % JPEG_REPEAT]) {
    const sums = new Float64Array(JPEG_REPEAT);
    const counts = new Float64Array(JPEG_REPEAT);
    profile.forEach((v, x) => {
      sums[placeOf(x)] += v;
      counts[placeOf(x)]++;
    });
    const mean = profile.reduce((sum, v) => sum + v, 0) / profile.length;
    profile = profile.map((v, x) => v - sums[placeOf(x)] / counts[placeOf(x)] + mean);
  }
  return profile;
}
