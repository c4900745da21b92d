import sharp from 'sharp';
import { ImageRejected, checkImage, decodeForChecks, sniffImageType } from './image-input';

const dataUrl = (bytes: Buffer, declared = 'image/jpeg') => `data:${declared};base64,${bytes.toString('base64')}`;
const solid = (format: 'jpeg' | 'png' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 100, b: 50 } } })
    .toFormat(format)
    .toBuffer();

/** An image whose data is spread over the whole file (a solid colour compresses to almost nothing). */
const noisy = (format: 'jpeg' | 'png' | 'webp', width: number, height: number) => {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 5) * 104729) & 255;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
};

async function rejection(url: string): Promise<string> {
  try {
    await checkImage(url);
  } catch (error) {
    if (error instanceof ImageRejected) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('image checks', () => {
  it('accepts JPEG, PNG and WebP by their bytes, whatever the declared type', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const checked = await checkImage(dataUrl(await solid(format), 'image/gif'));
      expect(checked).toMatchObject({ type: format, width: 64, height: 48 });
    }
  });

  it('refuses other types: 415', async () => {
    const gif = Buffer.from('47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b', 'hex');
    expect(sniffImageType(gif)).toBeUndefined();
    expect(await rejection(dataUrl(gif, 'image/png'))).toBe('unsupported_image_type');
    expect(await rejection(dataUrl(Buffer.from('%PDF-1.7 not an image'), 'image/jpeg'))).toBe('unsupported_image_type');
  });

  it('refuses more than 5 MB decoded: image_too_large', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0xff);
    expect(await rejection(dataUrl(big))).toBe('image_too_large');
  });

  it('keeps an image the size the browser sends (long edge 2000 px) as it came', async () => {
    const png = await solid('png', 2000, 1500);
    const checked = await checkImage(dataUrl(png));
    expect(checked).toMatchObject({ type: 'png', width: 2000, height: 1500 });
    expect(checked.bytes.equals(png)).toBe(true);
  });

  it("brings a phone's full-resolution photo down to what the browser sends, upright (its EXIF rotation applied)", async () => {
    // 4032 x 3024 as a phone stores it, held upright: EXIF orientation 6 (turn 90° clockwise to show)
    const photo = await sharp(await solid('jpeg', 4032, 3024))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const checked = await checkImage(dataUrl(photo));
    expect(checked).toMatchObject({ type: 'jpeg', width: 1500, height: 2000 });
    expect(await sharp(checked.bytes).metadata()).toMatchObject({ width: 1500, height: 2000, format: 'jpeg' });
    expect((await sharp(checked.bytes).metadata()).orientation ?? 1).toBe(1);
  });

  it('accepts up to 24 MP (6000 x 4000) and refuses more from the header, without decoding: image_too_large', async () => {
    expect(await checkImage(dataUrl(await solid('png', 6000, 4000)))).toMatchObject({ width: 2000, height: 1333 });
    expect(await rejection(dataUrl(await solid('png', 6000, 4001)))).toBe('image_too_large');
    // A flat 40 MP image is small in bytes; it is refused from its header, not decoded.
    expect(await rejection(dataUrl(await solid('png', 8000, 5000)))).toBe('image_too_large');
  });

  it('refuses a decompression bomb from its header, before decoding: image_too_large', async () => {
    // A tiny PNG whose header claims 50,000 x 50,000 pixels.
    const png = await solid('png', 1, 1);
    png.writeUInt32BE(50_000, 16);
    png.writeUInt32BE(50_000, 20);
    expect(await rejection(dataUrl(png))).toBe('image_too_large');
  });

  it('refuses an image whose header is broken, before accepting it: 422', async () => {
    const jpeg = await solid('jpeg', 400, 300);
    expect(await rejection(dataUrl(jpeg.subarray(0, 30)))).toBe('image_unreadable');
  });

  it('refuses a readable header with broken image data at submission, not later: 422', async () => {
    for (const [type, width, height] of [
      ['jpeg', 400, 300],
      ['png', 400, 300],
      ['webp', 400, 300],
      ['jpeg', 3000, 2000],
      ['png', 3000, 2000],
    ] as const) {
      const image = await noisy(type, width, height);
      const cut = image.subarray(0, Math.floor(image.length * 0.6));
      // JPEG and PNG headers still read (a cut WebP's container already says it is short)
      if (type !== 'webp') expect(await sharp(cut).metadata()).toMatchObject({ width, height });
      expect(await rejection(dataUrl(cut))).toBe('image_unreadable');
    }
  });

  it('refuses broken image data when decoding for the checks too: 422', async () => {
    const jpeg = await solid('jpeg', 400, 300);
    const cut = { type: 'jpeg' as const, bytes: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), width: 400, height: 300 };
    await expect(decodeForChecks(cut)).rejects.toMatchObject({ code: 'image_unreadable' });
  });

  it('decodes for the checks with the long edge limited and EXIF rotation applied', async () => {
    const rotated = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const decoded = await decodeForChecks({ type: 'jpeg', bytes: rotated, width: 3000, height: 1000 });
    expect([decoded.width, decoded.height]).toEqual([533, 1600]);
    expect(decoded.data.length).toBe(533 * 1600 * 3);
  });
});
