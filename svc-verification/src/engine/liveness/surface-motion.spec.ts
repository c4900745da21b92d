import { type Mesh } from './head-pose';
import { type GrayFrame, SurfaceMotion, noseShiftOf } from './surface-motion';

/**
 * Synthetic scenes with a known geometry: a textured face-sized region that moves as one plane,
 * and one whose middle (where a nose would be) moves otherwise than its rim, as the parts of a head
 * at different depths do when it turns.
 */
const [W, H] = [320, 320];
const texture = (() => {
  // smooth random texture: white noise, blurred twice with a box filter (corners the tracker can follow)
  let state = 12345;
  const random = () => (state = (state * 1103515245 + 12345) >>> 0) / 4294967296;
  const noise = Float64Array.from({ length: 2 * W * 2 * H }, () => random() * 255);
  const blur = (src: Float64Array, w: number, h: number) => {
    const out = new Float64Array(src.length);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let sum = 0;
        let n = 0;
        for (let dy = -2; dy <= 2; dy++)
          for (let dx = -2; dx <= 2; dx++) {
            const [xx, yy] = [x + dx, y + dy];
            if (xx >= 0 && yy >= 0 && xx < w && yy < h) {
              sum += src[yy * w + xx];
              n++;
            }
          }
        out[y * w + x] = sum / n;
      }
    }
    return out;
  };
  return blur(blur(noise, 2 * W, 2 * H), 2 * W, 2 * H);
})();

/** A frame where the point at (x, y) shows the texture at `from(x, y)` (bilinear). */
function frame(from: (x: number, y: number) => [number, number]): GrayFrame {
  const data = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const [u, v] = from(x, y);
      const [x0, y0] = [Math.floor(u), Math.floor(v)];
      const [fx, fy] = [u - x0, v - y0];
      const at = (xx: number, yy: number) => texture[Math.min(2 * H - 1, Math.max(0, yy)) * 2 * W + Math.min(2 * W - 1, Math.max(0, xx))];
      data[y * W + x] = Math.round(
        at(x0, y0) * (1 - fx) * (1 - fy) + at(x0 + 1, y0) * fx * (1 - fy) + at(x0, y0 + 1) * (1 - fx) * fy + at(x0 + 1, y0 + 1) * fx * fy,
      );
    }
  }
  return { data, width: W, height: H };
}

/** Nose tip, cheeks' edges, and the middles of forehead, chin and cheeks (head-pose.ts' FACE_REGIONS). */
const PLACED: Record<number, readonly [number, number, number]> = {
  1: [160, 160, 0],
  234: [60, 160, 0],
  454: [260, 160, 0],
  151: [160, 75, 0],
  175: [160, 245, 0],
  205: [95, 175, 0],
  425: [225, 175, 0],
};
/** A face mesh whose outline is a 200 px wide oval in the middle of the frame and whose nose tip is at its centre. */
const mesh: Mesh = Array.from({ length: 468 }, (_, i) => {
  const angle = (i / 468) * 2 * Math.PI * 37;
  return [160 + 100 * Math.cos(angle), 160 + 120 * Math.sin(angle), 0] as const;
}).map((point, i) => PLACED[i] ?? point);

describe('SurfaceMotion', () => {
  const surface = new SurfaceMotion();
  afterAll(() => surface.onApplicationShutdown());

  it('finds a flat picture flat, however it is turned and slid', async () => {
    const start = frame((x, y) => [x + 100, y + 100]);
    // a plane seen from a little to the side: a projective map, in three steps
    const tilted = (share: number) =>
      frame((x, y) => {
        const w = 1 + share * 0.0012 * (x - 160);
        return [(x - 160) / w + 160 + 100 + share * 6, (y - 160) / w + 160 + 100 + share * 3];
      });
    const reading = await surface.measure([start, tilted(0.4), tilted(0.8), tilted(1)], mesh);
    expect(reading.points).toBeGreaterThan(100);
    expect(reading.offPlane).toBeLessThan(0.003);
    expect(reading.noseShift).toBeLessThan(0.003);
  }, 60_000);

  it("reads a picture turned about a vertical axis narrowed across by its texture's spread, frame by frame, and a picture only slid unchanged", async () => {
    const start = frame((x, y) => [x + 100, y + 100]);
    // the picture narrowed across to 0.9, then 0.7 of its width about the face's middle, as turning it 25 and 45 degrees does
    const narrowed = (width: number) => frame((x, y) => [(x - 160) / width + 160 + 100, y + 100]);
    const reading = await surface.measure([start, narrowed(0.9), narrowed(0.7)], mesh);
    expect(reading.aspects).toHaveLength(2);
    expect(reading.aspects[0]).toBeCloseTo(0.9, 1);
    expect(reading.aspects[1]).toBeCloseTo(0.7, 1);
    const slid = await surface.measure([start, frame((x, y) => [x + 106, y + 103])], mesh);
    expect(slid.aspects[0]).toBeCloseTo(1, 2);
  }, 60_000);

  it("says whether the points were followed to the last frame, so that a squeeze read from them covers the move's every frame", async () => {
    const start = frame((x, y) => [x + 100, y + 100]);
    const slid = frame((x, y) => [x + 106, y + 103]);
    expect(await surface.measure([start, slid, frame((x, y) => [x + 110, y + 105])], mesh)).toMatchObject({ followedThrough: true });
    // the last frame shows nothing the points can be found in (a hand over the face, a blur)
    const blank: GrayFrame = { data: new Uint8Array(W * H).fill(128), width: W, height: H };
    const lost = await surface.measure([start, slid, blank], mesh);
    expect(lost).toMatchObject({ followedThrough: false, noseShift: undefined });
    expect(lost.aspects).toHaveLength(1);
  }, 60_000);

  it('finds a middle that moves otherwise than its rim off the plane, as a turning nose is', async () => {
    const start = frame((x, y) => [x + 100, y + 100]);
    // the rim slides 4 px; the middle, within 30 px of the nose tip, 10 px more, easing out to the rim by 60 px
    const turned = (share: number) =>
      frame((x, y) => {
        const r = Math.hypot(x - 160, y - 160);
        const extra = r <= 30 ? 10 : r >= 60 ? 0 : (10 * (60 - r)) / 30;
        return [x + 100 - share * (4 + extra), y + 100];
      });
    const reading = await surface.measure([start, turned(0.5), turned(1)], mesh);
    expect(reading.noseShift).toBeGreaterThan(0.02);
    expect(reading.offPlane).toBeGreaterThan(0.01);
  }, 60_000);

  it('finds a sheet bent around a vertical axis off its plane, but its nose level with its forehead and chin', async () => {
    const start = frame((x, y) => [x + 100, y + 100]);
    // depth that varies across only: the middle column moves 10 px more than the sides, whatever its height
    const bent = (share: number) =>
      frame((x, y) => {
        const d = Math.abs(x - 160);
        const extra = d <= 30 ? 10 : d >= 90 ? 0 : (10 * (90 - d)) / 60;
        return [x + 100 - share * (4 + extra), y + 100];
      });
    const reading = await surface.measure([start, bent(0.5), bent(1)], mesh);
    expect(reading.offPlane).toBeGreaterThan(0.01);
    expect(reading.noseShift).toBeLessThan(0.005);
  }, 60_000);
});

describe('noseShiftOf', () => {
  it('counts a nose that stands out along the face and across it, by the weaker axis', () => {
    expect(noseShiftOf({ forehead: 0.03, chin: 0.05, cheekLeft: 0.02, cheekRight: 0.04 })).toBe(0.04);
  });

  it('counts a head that starts a little turned, one cheek nearly level with its nose tip, by its other cheek', () => {
    expect(noseShiftOf({ forehead: 0.03, chin: 0.05, cheekLeft: 0.02, cheekRight: 0.001 })).toBe(0.02);
  });

  it('finds a sheet bent around a vertical axis level: its nose moves with its forehead and chin, however far from its cheeks', () => {
    expect(noseShiftOf({ forehead: 0.001, chin: 0.002, cheekLeft: 0.03, cheekRight: 0.03 })).toBe(0.002);
  });

  it('finds a sheet bent around a horizontal axis level: its nose moves with both cheeks', () => {
    expect(noseShiftOf({ forehead: 0.03, chin: 0.03, cheekLeft: 0.001, cheekRight: 0.002 })).toBe(0.002);
  });

  it('says nothing when an axis has no neighbour followed', () => {
    expect(noseShiftOf({ cheekLeft: 0.03, cheekRight: 0.03 })).toBeUndefined();
  });
});
