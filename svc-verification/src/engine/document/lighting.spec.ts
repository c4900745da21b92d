import sharp from 'sharp';
import { flattenLighting } from './lighting';

/** Mean grey level of the paper above the print, 60 px wide from `left`. */
async function paper(image: Buffer, left: number): Promise<number> {
  // stats() reads the input, not the extract: the region is cut out first
  const region = await sharp(image).extract({ left, top: 10, width: 60, height: 90 }).png().toBuffer();
  const { channels } = await sharp(region).stats();
  return channels[0].mean;
}

describe('flattenLighting', () => {
  it('lifts a shadow over half a page of print to the lit half, and keeps the print dark', async () => {
    const width = 1200;
    const height = 300;
    // print: dark bars on white; a shadow darkens the left half to 40 %
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="100%" height="100%" fill="#fff"/>
      ${Array.from({ length: 40 }, (_, i) => `<rect x="${20 + i * 29}" y="120" width="12" height="60" fill="#111"/>`).join('')}
      <rect width="${width / 2}" height="${height}" fill="#000" fill-opacity="0.6"/>
    </svg>`;
    const shadowed = await sharp(Buffer.from(svg)).grayscale().removeAlpha().toColourspace('b-w').png().toBuffer();
    const before = [await paper(shadowed, 200), await paper(shadowed, 900)];
    expect(before[0]).toBeLessThan(before[1] * 0.5);

    const flat = await flattenLighting(shadowed);
    const after = [await paper(flat, 200), await paper(flat, 900)];
    // the shadowed paper is now nearly as light as the lit paper
    expect(after[0]).toBeGreaterThan(after[1] * 0.85);
    // and the print is still far darker than the paper on both sides
    const { data, info } = await sharp(flat).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels];
    expect(at(26, 150)).toBeLessThan(at(40, 60) * 0.5);
    expect(at(20 + 35 * 29 + 6, 150)).toBeLessThan(at(20 + 35 * 29 + 20, 60) * 0.5);
  });
});
