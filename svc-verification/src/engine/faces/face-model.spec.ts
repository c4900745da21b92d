import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { FaceModel, type RgbImage, faceDistance, overlappingHalves } from './face-model';

/** A group photo that ships in @vladmandic/face-api (demo/sample1.jpg): several different people. */
const SAMPLES = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo/sample1.jpg');

async function rgb(pipeline: Sharp): Promise<RgbImage> {
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The real model on photos that ship in the human package (no photos of people are committed). */
describe('FaceModel', () => {
  const model = new FaceModel();

  beforeAll(async () => {
    await model.load();
  }, 60000);

  it('finds faces with descriptors, and describes the same face alike across a degraded copy', async () => {
    const faces = await model.detect(await rgb(sharp(SAMPLES)));
    expect(faces.length).toBeGreaterThanOrEqual(2);
    expect(faces[0].embedding).toHaveLength(1024);

    // The first face, cropped, then blurred and re-compressed, as a document portrait would be.
    const [x, y, w, h] = faces[0].box.map(Math.round);
    const margin = Math.round(Math.max(w, h) * 0.4);
    const meta = await sharp(SAMPLES).metadata();
    const left = Math.max(0, x - margin);
    const top = Math.max(0, y - margin);
    const crop = { left, top, width: Math.min(meta.width! - left, w + 2 * margin), height: Math.min(meta.height! - top, h + 2 * margin) };
    const degraded = await sharp(await sharp(SAMPLES).extract(crop).resize({ width: 220 }).blur(0.8).jpeg({ quality: 45 }).toBuffer());
    const [portrait] = await model.detect(await rgb(degraded));
    expect(portrait).toBeDefined();

    const same = faceDistance(faces[0].embedding, portrait.embedding);
    const other = faceDistance(faces[0].embedding, faces[1].embedding);
    expect(same).toBeLessThan(other);
  }, 60000);

  it('describes the most confident face from its own crop, and counts the others', async () => {
    const found = await model.detect(await rgb(sharp(SAMPLES)));
    const described = await model.describe(await rgb(sharp(SAMPLES)));
    expect(described).toHaveLength(found.length);
    expect(described[0].box).toEqual(found[0].box);
    expect(described[0].embedding).toHaveLength(1024);
    expect(described.slice(1).every((face) => face.embedding.length === 0)).toBe(true);
    // the same face, described from its crop: closer to its whole-image description than any other face is
    const toOthers = found.slice(1).map((face) => faceDistance(described[0].embedding, face.embedding));
    expect(faceDistance(described[0].embedding, found[0].embedding)).toBeLessThan(Math.min(...toOthers));
  }, 60000);

  it('finds a portrait too small for the whole-image pass in one of two overlapping halves', async () => {
    // a face of the group photo as a card's portrait: small and soft on a wide, busy frame
    const [x, y, w, h] = (await model.detect(await rgb(sharp(SAMPLES))))[1].box.map(Math.round);
    const portrait = await sharp(SAMPLES)
      .extract({ left: x - Math.round(w * 0.5), top: y - Math.round(h * 0.5), width: w * 2, height: h * 2 })
      .resize(80, 100)
      .blur(1.2)
      .png()
      .toBuffer();
    const frame = await rgb(
      sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#8a7a66' } }).composite([{ input: portrait, left: 300, top: 380 }]),
    );
    expect(await model.detect(frame)).toEqual([]);
    const [found] = await model.describe(frame);
    expect(found.embedding).toHaveLength(1024);
    // its box is given in the whole frame
    expect(found.box[0]).toBeGreaterThan(300);
    expect(found.box[0]).toBeLessThan(380);
  }, 60000);

  it('finds no face in a blank image', async () => {
    const blank = await rgb(sharp({ create: { width: 640, height: 480, channels: 3, background: '#f0f0f0' } }));
    expect(await model.detect(blank)).toEqual([]);
    expect(await model.describe(blank)).toEqual([]);
  }, 60000);

  it("looks on a thread of its own: the service's event loop keeps turning while faces are found", async () => {
    const image = await rgb(sharp(SAMPLES));
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 2);
    try {
      // three passes: on the service's own thread the longest wait between two ticks was 490 ms
      for (let i = 0; i < 3; i++) expect((await model.describe(image)).length).toBeGreaterThanOrEqual(2);
    } finally {
      clearInterval(timer);
    }
    expect(longestGap).toBeLessThan(100);
  }, 60000);

  it('fails an image its thread was working on when the thread ended, and starts a new thread for the next', async () => {
    const image = await rgb(sharp(SAMPLES));
    const interrupted = model.detect(image);
    await model.onApplicationShutdown();
    await expect(interrupted).rejects.toThrow(/thread ended/);
    expect(model.ready).toBe(false);
    expect((await model.detect(image)).length).toBeGreaterThanOrEqual(2);
    expect(model.ready).toBe(true);
  }, 60000);

  it('splits an image into two halves of 60 % along its longer side', () => {
    expect(overlappingHalves({ width: 1000, height: 600 })).toEqual([
      { left: 0, top: 0, width: 600, height: 600 },
      { left: 400, top: 0, width: 600, height: 600 },
    ]);
    expect(overlappingHalves({ width: 480, height: 640 })).toEqual([
      { left: 0, top: 0, width: 480, height: 384 },
      { left: 0, top: 256, width: 480, height: 384 },
    ]);
  });

  it('measures distance: 0 for identical descriptors, larger for different ones', () => {
    expect(faceDistance([1, 2, 3], [1, 2, 3])).toBeCloseTo(0);
    expect(faceDistance([1, 0], [0, 1])).toBeCloseTo(1);
    expect(faceDistance([0, 0], [1, 1])).toBe(2);
  });
});
