/**
 * ICAO 9303 transliteration of the Latin letters that MRZs spell differently (part 3, section 6),
 * applied before accents are stripped: Ü -> UE, ß -> SS, Æ -> AE, Ø -> OE, Å -> AA, Þ -> TH …
 */
const ICAO: Record<string, string> = {
  Ä: 'AE',
  Æ: 'AE',
  Å: 'AA',
  Ö: 'OE',
  Ø: 'OE',
  Ü: 'UE',
  ß: 'SS',
  ẞ: 'SS',
  Þ: 'TH',
  Ð: 'D',
  Đ: 'D',
  Ł: 'L',
  Ĳ: 'IJ',
  Œ: 'OE',
};

/**
 * Latin letters that no accent-stripping reaches, as zones write them: dotless i and Turkish İ,
 * Azerbaijani schwa (ƏLİYEVA is ALIYEVA), Maltese Ħ, Sámi Ŧ and Ŋ, the open E and O and hooked D of
 * West African alphabets, and the like.
 */
const PLAIN: Record<string, string> = {
  ı: 'I',
  İ: 'I',
  ĸ: 'K',
  ŉ: 'N',
  Ə: 'A',
  ə: 'A',
  Ħ: 'H',
  ħ: 'H',
  Ŧ: 'T',
  ŧ: 'T',
  Ŋ: 'N',
  ŋ: 'N',
  Ɛ: 'E',
  ɛ: 'E',
  Ɔ: 'O',
  ɔ: 'O',
  Ɖ: 'D',
  ɖ: 'D',
};

/**
 * Upper case, ICAO letters spelled out, accents dropped, apostrophes dropped (zones write O'CONNOR
 * as OCONNOR), anything else not A-Z made a space.
 */
export function toMrzLetters(name: string, options: { icao: boolean }): string {
  let upper = [...name.normalize('NFC')]
    .map((char) => PLAIN[char] ?? char)
    .join('')
    .toUpperCase();
  // apostrophes and the letters written like them: the ʻokina of Samoan and Hawaiian, the Uzbek
  // ʻ, the Arabic ʿayn and hamza as transliterated (ʿ ʾ), the saltillo (ꞌ)
  upper = upper.replace(/['’ʼ`´‘ʻʽʾʿꞌꞋ]/g, '');
  if (options.icao) upper = [...upper].map((char) => ICAO[char] ?? char).join('');
  return upper
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Z]+/g, ' ')
    .trim();
}

/** Both readings of a name's words: with ICAO spellings (MÜLLER -> MUELLER) and with accents just dropped (MULLER). */
export function nameWordsVariants(name: string): string[][] {
  const icao = toMrzLetters(name, { icao: true }).split(' ').filter(Boolean);
  const plain = toMrzLetters(name, { icao: false }).split(' ').filter(Boolean);
  return icao.join(' ') === plain.join(' ') ? [icao] : [icao, plain];
}

/**
 * One spelling for the letters ICAO writes as two: AA (Å), AE (Ä, Æ), OE (Ö, Ø), UE (Ü). Applied to
 * both the typed name and the zone's, so "Akesson" meets AAKESSON and "Bjork" meets BJOERK, in both
 * directions, whichever way the person typed and whichever way the state spelled it.
 */
export function foldIcaoDigraphs(word: string): string {
  return word.replace(/AA/g, 'A').replace(/AE/g, 'A').replace(/OE/g, 'O').replace(/UE/g, 'U');
}
