/**
 * A grey texture with detail at every scale down to its pixels, as a camera's frame of skin and hair
 * has: RGB pixels (3 bytes each, the three alike), row by row, from a seeded sequence, so that a
 * test's picture is the same on every run. For the tests of the measures of a face's own pixels
 * (faces/face-detail.ts, faces/block-grid.ts, faces/resampling-trace.ts). The sequence is
 * mulberry32's, not a linear congruential one: that one's values lie on a lattice, which lines of
 * the texture tilted a few degrees show as a repeat (faces/resampling-trace.ts found it, up to 28).
 */
export function greyTexture(width: number, height: number, seed: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  let state = seed | 0;
  for (let i = 0; i < width * height; i++) {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    data.fill(Math.round(64 + (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 128), i * 3, i * 3 + 3);
  }
  return data;
}
