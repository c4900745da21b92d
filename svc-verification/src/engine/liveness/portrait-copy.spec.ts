import { affineFit, alignedFacePatches, similarityFit } from '../faces/face-patch';
import type { RgbImage } from '../faces/rgb-image';
import { portraitCopyRecord, portraitCopyScore } from './portrait-copy';

/** A face's five points as the aligned frame places them, in a 200-pixel square picture of it. */
const FACE_POINTS: Record<number, [number, number]> = {
  33: [60, 90],
  133: [80, 90],
  362: [120, 90],
  263: [140, 90],
  1: [100, 125],
  61: [75, 160],
  291: [125, 160],
};

/** A picture's detail: blobs from a seed on a 200-pixel square, drawn at any point between pixels (a "print" of a face). */
function texture(seed: number): (x: number, y: number) => number {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const size = 200;
  const grid = new Float32Array(size * size).fill(128);
  for (let n = 0; n < 400; n++) {
    const [bx, by, r, v] = [random() * size, random() * size, 2 + random() * 5, random() * 120 - 60];
    for (let y = Math.max(0, Math.floor(by - 3 * r)); y < Math.min(size, by + 3 * r); y++)
      for (let x = Math.max(0, Math.floor(bx - 3 * r)); x < Math.min(size, bx + 3 * r); x++)
        grid[y * size + x] += v * Math.exp(-((x - bx) ** 2 + (y - by) ** 2) / (2 * r * r));
  }
  return (x, y) => {
    const [cx, cy] = [Math.min(Math.max(x, 0), size - 1.001), Math.min(Math.max(y, 0), size - 1.001)];
    const [x0, y0] = [Math.floor(cx), Math.floor(cy)];
    const [wx, wy] = [cx - x0, cy - y0];
    const at = (px: number, py: number) => grid[py * size + px];
    return (at(x0, y0) * (1 - wx) + at(x0 + 1, y0) * wx) * (1 - wy) + (at(x0, y0 + 1) * (1 - wx) + at(x0 + 1, y0 + 1) * wx) * wy;
  };
}

/**
 * A picture of `texture`, scaled, turned and shifted as a camera would show it (optionally mirrored,
 * stretched across and sheared as an image editor does, and lit unevenly), with its mesh's five
 * points where they went.
 */
function photograph(
  print: (x: number, y: number) => number,
  {
    scale = 1,
    turn = 0,
    shift = [0, 0],
    mirrored = false,
    stretch = 1,
    shear = 0,
    light = 0,
  }: { scale?: number; turn?: number; shift?: [number, number]; mirrored?: boolean; stretch?: number; shear?: number; light?: number },
): { image: RgbImage; mesh: [number, number, number][] } {
  const size = 320;
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  const place = ([x, y]: [number, number]): [number, number] => {
    // stretched across and sheared (x moved by shear times y), then scaled, turned and shifted
    const mx = stretch * (mirrored ? 200 - x : x) + shear * y;
    return [scale * (cos * mx - sin * y) + shift[0], scale * (sin * mx + cos * y) + shift[1]];
  };
  const data = Buffer.alloc(size * size * 3);
  for (let v = 0; v < size; v++)
    for (let u = 0; u < size; u++) {
      // back to the print's own coordinates
      const [dx, dy] = [(u - shift[0]) / scale, (v - shift[1]) / scale];
      const [sx, py] = [cos * dx + sin * dy, -sin * dx + cos * dy];
      const px = (sx - shear * py) / stretch;
      const value = Math.max(0, Math.min(255, print(mirrored ? 200 - px : px, py) + light * (u / size - 0.5)));
      data.fill(Math.round(value), (v * size + u) * 3, (v * size + u) * 3 + 3);
    }
  const mesh: [number, number, number][] = Array.from({ length: 468 }, () => [0, 0, 0]);
  for (const [index, point] of Object.entries(FACE_POINTS)) {
    // mirrored, the image's left eye is the print's right one: the mesh labels what the image shows
    const source = mirrored ? mirrorOf(Number(index)) : Number(index);
    mesh[Number(index)] = [...place(FACE_POINTS[source] ?? point), 0];
  }
  return { image: { data, width: size, height: size }, mesh };
}

function mirrorOf(index: number): number {
  return ({ 33: 263, 263: 33, 133: 362, 362: 133, 61: 291, 291: 61, 1: 1 } as Record<number, number>)[index];
}

const patchOf = ({ image, mesh }: ReturnType<typeof photograph>) => alignedFacePatches(image, mesh)!;

describe('similarityFit', () => {
  it('finds the scale, turn and shift that carry one set of points onto another', () => {
    const from: [number, number][] = [
      [0, 0],
      [10, 0],
      [0, 10],
    ];
    const to = from.map(([x, y]): [number, number] => [2 * -y + 5, 2 * x - 3]);
    const { a, b, c, d } = similarityFit(from, to);
    expect(a * 4 - b * 7 + c).toBeCloseTo(2 * -7 + 5);
    expect(b * 4 + a * 7 + d).toBeCloseTo(2 * 4 - 3);
  });
});

describe('affineFit', () => {
  it('finds the scale, turn, stretch, shear and shift that carry one set of points onto another', () => {
    const from: [number, number][] = [
      [0, 0],
      [10, 0],
      [0, 10],
      [7, 9],
      [3, 4],
    ];
    const map = ([x, y]: [number, number]): [number, number] => [1.3 * x + 0.4 * y + 5, -0.2 * x + 0.9 * y - 3];
    const { a, b, c, d, e, f } = affineFit(from, from.map(map));
    const [x, y] = map([4, 7]);
    expect(a * 4 + b * 7 + c).toBeCloseTo(x);
    expect(d * 4 + e * 7 + f).toBeCloseTo(y);
  });

  it('maps every point to the middle of the points when they lie on one line (no map exists)', () => {
    const line: [number, number][] = [
      [0, 0],
      [1, 1],
      [2, 2],
    ];
    expect(affineFit(line, line)).toEqual({ a: 0, b: 0, c: 1, d: 0, e: 0, f: 1 });
  });
});

describe('portraitCopyScore', () => {
  const print = texture(7);

  it('finds the same print again however it is framed, turned, lit or mirrored', () => {
    const portrait = patchOf(photograph(print, {}));
    const crop = patchOf(photograph(print, { scale: 1.4, turn: 0.1, shift: [10, -30], light: 80 }));
    const mirrored = patchOf(photograph(print, { scale: 0.9, shift: [40, 20], mirrored: true }));
    expect(portraitCopyScore(portrait, crop)).toBeGreaterThan(0.9);
    expect(portraitCopyScore(portrait, mirrored)).toBeGreaterThan(0.9);
  });

  it('finds the same print again stretched across or sheared, as an image editor does', () => {
    const portrait = patchOf(photograph(print, {}));
    const stretched = patchOf(photograph(print, { scale: 1.1, stretch: 1.15, shift: [20, 10] }));
    const sheared = patchOf(photograph(print, { scale: 1.1, shear: 0.15, shift: [0, 20], mirrored: true }));
    expect(portraitCopyScore(portrait, stretched)).toBeGreaterThan(0.9);
    expect(portraitCopyScore(portrait, sheared)).toBeGreaterThan(0.9);
  });

  it('finds no copy in another picture of the same shape', () => {
    const portrait = patchOf(photograph(print, {}));
    const other = patchOf(photograph(texture(8), { scale: 1.2, shift: [20, 0] }));
    expect(Math.abs(portraitCopyScore(portrait, other))).toBeLessThan(0.3);
  });

  it('has no patch for a face without a mesh', () => {
    expect(alignedFacePatches(photograph(print, {}).image, undefined)).toBeUndefined();
  });
});

describe('portraitCopyRecord', () => {
  it("keeps the score and the selfie's fine detail, block grid and resampling trace to two decimals and whether the check verified the person, nothing else", () => {
    expect(portraitCopyRecord(0.43219, true)).toEqual({ score: 0.43, otherChecks: 'passed' });
    expect(portraitCopyRecord(0.967, false, { fineDetail: 0.4567, blockGrid: 5.678, resamplingTrace: 4.321 })).toEqual({
      score: 0.97,
      otherChecks: 'failed',
      selfieFineDetail: 0.46,
      selfieBlockGrid: 5.68,
      selfieResamplingTrace: 4.32,
    });
  });
});
