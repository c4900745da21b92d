import { LIMITS } from '../limits';

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : undefined;

/**
 * Is this value too long to look at? Every text validator asks this first, before normalising or
 * counting graphemes: Node 20's grapheme segmentation is quadratic in the length of the string
 * (64 k characters: ~3 s of one core), so an unbounded value would stop the whole process.
 */
export function exceedsTextBound(text: string, maxCodeUnits: number = LIMITS.textFieldMaxCodeUnits): boolean {
  return text.length > maxCodeUnits;
}

/**
 * Length as a person counts it: user-perceived characters (grapheme clusters) of the
 * NFC form, so "José" is 4 whether the accent is precomposed or combining, and an emoji
 * with modifiers is 1. Callers bound the input first (`exceedsTextBound`).
 */
export function visibleLength(text: string): number {
  const normalized = text.normalize('NFC');
  if (!segmenter) return Array.from(normalized).length;
  let count = 0;
  for (const _ of segmenter.segment(normalized)) count++;
  return count;
}

/** Control characters (C0, DEL, C1) never belong in a name, an e-mail or a purpose. */
export function hasControlCharacters(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return /[\u0000-\u001f\u007f-\u009f]/.test(text);
}

/**
 * Characters that make text show something other than what it holds: bidirectional embeddings,
 * overrides, isolates and marks (U+202E shows "BoLi" for "BoiL"), and lone surrogates, which are
 * not text at all. Zero-width joiners stay allowed: several scripts need them inside words.
 */
export function hasDeceptiveCharacters(text: string): boolean {
  return /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\p{Cs}/u.test(text);
}

/**
 * Characters that take a place but show nothing: format characters (zero-width spaces and
 * joiners, the BOM, ...), the combining grapheme joiner, and the blank "letters" of Hangul
 * and Braille that are often used to fake a visible name.
 */
const INVISIBLE_CHARACTERS = /\p{Cf}|\u034f|\u17b4|\u17b5|[\u115f\u1160\u180e\u2800\u3164\uffa0]/gu;

/** One invisible character (INVISIBLE_CHARACTERS without its global state). */
const INVISIBLE_CHARACTER = new RegExp(INVISIBLE_CHARACTERS.source, 'u');
const ZERO_WIDTH_NON_JOINER = '\u200c';
const ZERO_WIDTH_JOINER = '\u200d';
/**
 * Scripts whose words need the zero-width joiners to be written right: Arabic (Persian, Urdu,
 * Kurdish), Syriac, N'Ko, Mongolian, the Brahmic scripts of South and Southeast Asia.
 */
const JOINING_SCRIPT =
  /[\p{scx=Arab}\p{scx=Syrc}\p{scx=Nkoo}\p{scx=Mong}\p{scx=Deva}\p{scx=Beng}\p{scx=Guru}\p{scx=Gujr}\p{scx=Orya}\p{scx=Taml}\p{scx=Telu}\p{scx=Knda}\p{scx=Mlym}\p{scx=Sinh}\p{scx=Khmr}\p{scx=Mymr}]/u;
/** An emoji, or what may end one (a skin-tone modifier, the emoji presentation selector). */
const EMOJI_PART = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\ufe0f/u;

/**
 * Does the text hold a character that shows nothing where it stands? Any invisible character
 * (INVISIBLE_CHARACTERS) but a zero-width non-joiner or joiner between two letters of a script
 * that needs them (the Persian "مهر‌انگیز"), and a joiner inside an emoji sequence. Otherwise two
 * names that look the same on screen could differ ("Bo Li" and "Bo\u200bLi").
 */
export function hasInvisibleCharacters(text: string): boolean {
  const characters = Array.from(text);
  return characters.some((character, index) => {
    if (!INVISIBLE_CHARACTER.test(character)) return false;
    const before = characters[index - 1] ?? '';
    const after = characters[index + 1] ?? '';
    if (character === ZERO_WIDTH_NON_JOINER || character === ZERO_WIDTH_JOINER) {
      if (JOINING_SCRIPT.test(before) && JOINING_SCRIPT.test(after)) return false;
      if (character === ZERO_WIDTH_JOINER && EMOJI_PART.test(before) && /\p{Extended_Pictographic}/u.test(after)) return false;
    }
    return true;
  });
}

/** Does the text show at least one letter once its invisible characters are taken away? */
export function hasVisibleLetter(text: string): boolean {
  return /\p{L}/u.test(text.replace(INVISIBLE_CHARACTERS, ''));
}

/** Trims and collapses runs of white space to one space, in the NFC form. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ');
}
