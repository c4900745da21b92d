import { type Pixels, assessDocumentPhoto } from './document-photo';

const { min, max } = Math;
const W = 480;
const H = 360;

/** A grey frame: a surface, and on it a light card with lines of dark "print", `share` of the frame wide. */
function documentPhoto({ share = 0.8, paper = 228, surface = 70 } = {}): Float32Array {
  const luma = new Float32Array(W * H).fill(surface);
  const cardW = Math.round(W * share);
  const cardH = Math.round(cardW * 0.63);
  const left = Math.round((W - cardW) / 2);
  const top = Math.round((H - cardH) / 2);
  for (let y = top; y < top + cardH; y++) {
    for (let x = left; x < left + cardW; x++) {
      const row = Math.floor(((y - top) / cardH) * 12);
      const column = Math.floor(((x - left) / cardW) * 60);
      // Rows of characters: dark strokes on every other row, broken into letters.
      const print = row % 2 === 1 && row < 11 && column % 3 !== 2 && (x + y) % 5 !== 0;
      luma[y * W + x] = print ? 35 : paper;
    }
  }
  return luma;
}

const asPixels = (luma: Float32Array): Pixels => {
  const data = new Uint8ClampedArray(W * H * 4);
  luma.forEach((value, i) => data.set([value, value, value, 255], i * 4));
  return { data, width: W, height: H, channels: 4 };
};

/** A box blur `radius` pixels each way, `times` over (close to a Gaussian). */
function blurred(luma: Float32Array, radius: number, times = 3, horizontalOnly = false): Float32Array {
  let out = luma;
  for (let t = 0; t < times; t++) {
    const next = new Float32Array(out.length);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        let sum = 0;
        let n = 0;
        for (let dy = horizontalOnly ? 0 : -radius; dy <= (horizontalOnly ? 0 : radius); dy++) {
          for (let dx = -radius; dx <= radius; dx++) {
            const yy = min(H - 1, max(0, y + dy));
            const xx = min(W - 1, max(0, x + dx));
            sum += out[yy * W + xx];
            n++;
          }
        }
        next[y * W + x] = sum / n;
      }
    }
    out = next;
  }
  return out;
}

/** A lamp's reflection: the frame brightened towards white around (cx, cy), fading over `radius`. */
function glared(luma: Float32Array, cx: number, cy: number, radius: number): Float32Array {
  return luma.map((value, i) => {
    const d = Math.hypot((i % W) - cx * W, Math.floor(i / W) - cy * H) / radius;
    const light = Math.max(0, 1 - d);
    return Math.min(255, value + (255 - value) * Math.min(1, light * 1.6));
  });
}

describe('assessDocumentPhoto', () => {
  it('says nothing of a good photo', () => {
    expect(assessDocumentPhoto(asPixels(documentPhoto())).problems).toEqual([]);
  });

  it('says a photo is blurry when it is out of focus, or moved sideways while taken', () => {
    expect(assessDocumentPhoto(asPixels(blurred(documentPhoto(), 2))).problems).toEqual(['blurry']);
    expect(assessDocumentPhoto(asPixels(blurred(documentPhoto(), 4, 2, true))).problems).toEqual(['blurry']);
  });

  it('says a photo is too dark, and not also blurry (its edges are faint because of that)', () => {
    const dark = documentPhoto().map((value) => value * 0.35);
    expect(assessDocumentPhoto(asPixels(dark)).problems).toEqual(['dark']);
  });

  it('says when the document is too small in the frame', () => {
    expect(assessDocumentPhoto(asPixels(documentPhoto({ share: 0.4 }))).problems).toEqual(['small']);
  });

  it('says when a reflection lies on the document, but not for a document printed white', () => {
    expect(assessDocumentPhoto(asPixels(glared(documentPhoto(), 0.4, 0.45, 120))).problems).toEqual(['glare']);
    expect(assessDocumentPhoto(asPixels(documentPhoto({ paper: 255 }))).problems).toEqual([]);
  });

  it('reads RGB rows as sharp gives them, as it reads a canvas', () => {
    const luma = documentPhoto({ share: 0.4 });
    const data = new Uint8Array(W * H * 3);
    luma.forEach((value, i) => data.set([value, value, value], i * 3));
    expect(assessDocumentPhoto({ data, width: W, height: H, channels: 3 }).measures).toEqual(assessDocumentPhoto(asPixels(luma)).measures);
  });
});
