import { holderFor, peopleFromPackagePhotos, renderMrz, photographedCard } from '@idv/id-fixtures';
import sharp from 'sharp';
import { MAX_DOCUMENT_CHARACTERS, characterCount, countCharacterShapes } from './text-amount';

async function grey(image: Buffer) {
  const { data, info } = await sharp(image)
    .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('countCharacterShapes', () => {
  /** A bitmap from rows of '#' (ink) and '.'. */
  const count = (rows: string[]) => countCharacterShapes((x, y) => rows[y][x] === '#', rows[0].length, rows.length);
  const tall = (pattern: string) => Array.from({ length: 8 }, () => pattern);

  it('counts connected shapes of a character size, corners joining', () => {
    // three shapes 8 px tall; the last two touch only at a corner, so they are one
    const rows = tall('##..#....#.......');
    rows[7] = '##..#....##......';
    rows.push('..........#......', '...........#.....');
    expect(count(rows)).toBe(3);
  });

  it('stops counting past the runs of ink of any document: noise is over every limit', () => {
    let seed = 7;
    const noise = (_x: number, _y: number) => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 31 === 1;
    expect(countCharacterShapes(noise, 2000, 2000)).toBe(Number.POSITIVE_INFINITY);
  });

  it('leaves out specks and shapes taller than a character', () => {
    const rows = Array.from({ length: 100 }, (_, y) => (y < 3 ? '#.......#' : y < 90 ? '........#' : '.........'));
    expect(count(rows)).toBe(0);
  });
});

describe('characterCount', () => {
  it('finds a card far below the limit and a page of print far above it', async () => {
    const [person] = await peopleFromPackagePhotos();
    const holder = holderFor(person);
    const { front, back } = await photographedCard(holder);
    const line = (i: number) => `SURNAME ${i} GIVEN NAMES DATE OF BIRTH EXPIRY DOCUMENT NO NATIONALITY UTOPIA CITY`;
    const page = renderMrz(
      Array.from({ length: 70 }, (_, i) => line(i)),
      { fontSize: 20 },
    );
    for (const card of [front, back]) expect(await characterCount(await grey(card))).toBeLessThan(MAX_DOCUMENT_CHARACTERS / 5);
    expect(await characterCount(await grey(page))).toBeGreaterThan(MAX_DOCUMENT_CHARACTERS);
    // turned, it is still a page of print
    expect(await characterCount(await grey(await sharp(page).rotate(30, { background: '#ffffff' }).png().toBuffer()))).toBeGreaterThan(MAX_DOCUMENT_CHARACTERS);
  }, 60000);
});
