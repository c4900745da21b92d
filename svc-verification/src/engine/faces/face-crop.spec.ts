import { DESCRIBED_FACE_PIXELS, faceCrop, regionAround } from './face-crop';

describe('face crop', () => {
  it('keeps a margin of 0.6 of the face around it, inside the image', () => {
    expect(regionAround([100, 100, 50, 40], { width: 1000, height: 800 })).toEqual({ left: 70, top: 70, width: 110, height: 100 });
    // near the top-left corner the region is cut at the image's edge
    expect(regionAround([10, 5, 50, 50], { width: 1000, height: 800 })).toEqual({ left: 0, top: 0, width: 90, height: 85 });
    // near the bottom-right corner as well
    expect(regionAround([950, 760, 50, 40], { width: 1000, height: 800 })).toEqual({ left: 920, top: 730, width: 80, height: 70 });
  });

  it('upscales a small face so that it spans the described size, and never downscales a large one', async () => {
    const image = { data: Buffer.alloc(400 * 300 * 3, 128), width: 400, height: 300 };
    const small = await faceCrop(image, [180, 130, 40, 40]);
    // 40 px + 2 x 24 px of margin = 88 px, times 320 / 40
    expect({ width: small.width, height: small.height }).toEqual({ width: 88 * (DESCRIBED_FACE_PIXELS / 40), height: 88 * (DESCRIBED_FACE_PIXELS / 40) });
    expect(small.data).toHaveLength(small.width * small.height * 3);

    const large = await faceCrop({ data: Buffer.alloc(1200 * 1000 * 3, 128), width: 1200, height: 1000 }, [400, 300, 400, 400]);
    expect({ width: large.width, height: large.height }).toEqual({ width: 880, height: 880 });
  });
});
