/**
 * A grey texture with detail at every scale down to its pixels, as a camera's frame of skin and hair
 * has: RGB pixels (3 bytes each, the three alike), row by row, from a seeded sequence, so that a
 * test's picture is the same on every run. For the tests of the measures of a face's own pixels
 * (faces/face-detail.ts, faces/block-grid.ts).
 */
export function greyTexture(width: number, height: number, seed: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < width * height; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    data.fill(Math.round(64 + (state / 2147483648) * 128), i * 3, i * 3 + 3);
  }
  return data;
}
