import type { StepMaps, StepProfile, StepProfiles } from './step-profiles';

/**
 * Periods looked for (pixels): an enlargement 6 to 24 times. Below 6 lie a camera's own scalings: a
 * frame brought from 1280, 1024, 960 or 800 pixels to 640 repeats its pixels' places every 2 to 5
 * (brought from 1024 by the nearest pixel, without averaging, photographs reached 5.3 at 5).
 */
const MIN_PERIOD = 6;
const MAX_PERIOD = 24;
/** The profile's spectrum is taken at frequencies (cycles a pixel) this far apart, from the lowest needed. */
const FREQUENCY_STEP = 0.001;
const LOWEST_FREQUENCY = 1 / 40;
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
/**
 * The enlarged picture may have been turned a little, so that the places its pixels were taken at
 * repeat along tilted lines: the steps are also taken as means along lines tilted this far from the
 * columns and rows (in pixels a pixel: up to 10 degrees), in steps of this (half a degree, so that a
 * line is never more than a fifth of the shortest period off across a square of 256).
 */
const MAX_TILT = Math.tan((10 * Math.PI) / 180);
const TILT_STEP = Math.tan((0.5 * Math.PI) / 180);
const TILTS = Array.from({ length: 2 * Math.round(MAX_TILT / TILT_STEP) + 1 }, (_, i) => (i - Math.round(MAX_TILT / TILT_STEP)) * TILT_STEP);
const UNTILTED = (TILTS.length - 1) / 2;
/**
 * Forty lines tried where there was one find chance lines forty times: on a texture of random
 * pixels (a camera's noise), the strongest tilted line reached 3.5 where the untilted reached 2.8,
 * and on the evaluation's tuning split a genuine selfie's reached 3.99 (at 6.5 degrees) where the
 * untilted lines of its genuine selfies, as sent and saved again at JPEG quality 30 and 10, stay at
 * 3.0 or less (but for one picture enlarged: docs/liveness.md). So a line found along tilted lines
 * counts this much of its strength, chosen on the tuning split alone: those selfies then reach at
 * most 3.39 (the live recordings' frames, seen beside them, the held-out one's among them: 3.09).
 * Three quarters, tried first, left 4 of the tuning split's 10 copies turned 3 degrees verified.
 */
const TILTED_WEIGHT = 0.85;
/**
 * Turned, the columns' lines tilt one way and the rows' the other, as far: the rows' tilt is taken
 * as the columns' when this many tilt steps apart. And the picture may have been enlarged more
 * across than down (stretched, or made small at another shape than the frame's): the columns' and
 * the rows' lines are taken as one enlargement when their periods are at most this many times apart.
 */
const MATCH_TILTS = 1;
const MAX_PERIOD_RATIO = 1.4;
/** Math's functions, looked up once (face-patch.ts says why: under jest each lookup goes through a sandbox). */
const { abs, ceil, cos, max, min, PI, round, sin, sqrt } = Math;

/** The frequencies measured: those scored (periods MIN_PERIOD to MAX_PERIOD) and their neighbours. */
const FREQUENCIES = Array.from(
  { length: Math.floor((1 / MIN_PERIOD + FAR - LOWEST_FREQUENCY) / FREQUENCY_STEP) + 1 },
  (_, i) => LOWEST_FREQUENCY + i * FREQUENCY_STEP,
);
const nearJpeg = (f: number) => JPEG_LINES.some((line) => abs(f - line) < JPEG_GAP);
const SCORED = FREQUENCIES.flatMap((f, i) => (f < 1 / MAX_PERIOD || f > 1 / MIN_PERIOD || nearJpeg(f) ? [] : [i]));
const NEIGHBOURS = FREQUENCIES.map((f) =>
  FREQUENCIES.flatMap((g, j) => {
    const apart = abs(g - f);
    return apart > NEAR && apart < FAR && !nearJpeg(g) ? [j] : [];
  }),
);
/** For each scored frequency, the scored ones whose periods are at most MAX_PERIOD_RATIO times apart from its. */
const MATCHES = FREQUENCIES.map((f) => SCORED.filter((j) => FREQUENCIES[j] <= f * MAX_PERIOD_RATIO && FREQUENCIES[j] >= f / MAX_PERIOD_RATIO));

/**
 * How sharply the face's steps between neighbouring pixels repeat at one period of 6 to 24 pixels,
 * across and down alike: the trace a picture enlarged from a much smaller one leaves, however
 * smoothly (docs/liveness.md, "Pixelated copies of the portrait"). Each pixel of the enlarged
 * picture lies at a place between the small one's pixels, and those places repeat, so the steps
 * between its pixels grow and shrink with them. In a square of the image's own pixels at the face
 * box's centre (faces/step-profiles.ts), the mean step along each column (and along lines tilted up
 * to 10 degrees from it) is a profile, less its part that repeats as a JPEG's blocks do; at each
 * frequency of its spectrum (a Hann window), the strength is compared with that of the frequencies
 * near it, and a face has a trace as strong as the weaker of its columns' and its rows' (the
 * enlargement repeats both ways), the rows' at the opposite tilt and a period at most 1.4 times
 * apart, a tilted line counting 0.85 of its strength. A face's own shapes and a camera's noise
 * make no sharp line; a camera's frame is never enlarged six times. About 30 ms on the service's
 * main thread, for the selfie alone (82 profiles).
 */
export function resamplingTraceOf({ columns, rows, maps }: StepProfiles): number {
  const across = TILTS.map((tilt) => lineStrengths(tiltedProfile(maps, columns, 'across', tilt)));
  const down = TILTS.map((tilt) => lineStrengths(tiltedProfile(maps, rows, 'down', tilt)));
  let trace = 0;
  for (let a = 0; a < TILTS.length; a++) {
    const opposite = TILTS.length - 1 - a;
    const weight = a === UNTILTED ? 1 : TILTED_WEIGHT;
    for (const i of SCORED) {
      if (weight * across[a][i] <= trace) continue;
      let downHere = 0;
      for (let b = max(0, opposite - MATCH_TILTS); b <= min(TILTS.length - 1, opposite + MATCH_TILTS); b++) {
        for (const j of MATCHES[i]) downHere = max(downHere, down[b][j]);
      }
      trace = max(trace, weight * min(across[a][i], downHere));
    }
  }
  return trace;
}

/**
 * The mean step along lines of the square tilted `tilt` pixels a pixel from its columns (`across`)
 * or rows (`down`), over the square's middle: the lines that stay inside it from one side to the
 * other. Untilted, the profile itself.
 */
function tiltedProfile({ across, down, side }: StepMaps, profile: StepProfile, direction: 'across' | 'down', tilt: number): StepProfile {
  if (tilt === 0) return profile;
  const lines = side - 1;
  const margin = ceil((abs(tilt) * (side - 1)) / 2);
  const n = lines - 2 * margin;
  const steps = new Float64Array(max(0, n));
  const centre = (side - 1) / 2;
  for (let o = 0; o < side; o++) {
    const shift = margin + round(tilt * (o - centre));
    if (direction === 'across') for (let i = 0, at = o * lines + shift; i < n; i++, at++) steps[i] += across[at];
    else for (let i = 0, at = shift * side + o; i < n; i++, at += side) steps[i] += down[at];
  }
  for (let i = 0; i < n; i++) steps[i] /= side;
  return { steps, origin: profile.origin + margin, length: profile.length };
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
    // the sum of windowed[x] e^(2 pi i f x), its turns taken by multiplying by e^(2 pi i f) at each x
    const stepRe = cos(2 * PI * f);
    const stepIm = sin(2 * PI * f);
    let turnRe = 1;
    let turnIm = 0;
    let re = 0;
    let im = 0;
    for (let x = 0; x < n; x++) {
      re += windowed[x] * turnRe;
      im += windowed[x] * turnIm;
      const nextRe = turnRe * stepRe - turnIm * stepIm;
      turnIm = turnRe * stepIm + turnIm * stepRe;
      turnRe = nextRe;
    }
    return sqrt(re * re + im * im);
  });
  for (const i of SCORED) {
    let near = 0;
    for (const j of NEIGHBOURS[i]) near += magnitudes[j];
    strengths[i] = near === 0 ? 0 : magnitudes[i] / (near / NEIGHBOURS[i].length);
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
