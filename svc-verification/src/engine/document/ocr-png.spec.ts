import sharp from 'sharp';
import { ocrPng } from './ocr-png';

describe('ocrPng', () => {
  it('hands tesseract every pixel as it was, a grey image as one channel', async () => {
    const width = 64;
    const height = 48;
    const pixels = Buffer.from(Array.from({ length: width * height }, (_, i) => (i * 37) % 256));
    const png = await ocrPng(sharp(pixels, { raw: { width, height, channels: 1 } }).toColourspace('b-w'));
    expect((await sharp(png).metadata()).channels).toBe(1);
    expect((await sharp(png).extractChannel(0).raw().toBuffer()).equals(pixels)).toBe(true);
  });
});
