const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : undefined;

/**
 * Length as a person counts it: user-perceived characters (grapheme clusters) of the
 * NFC form, so "José" is 4 whether the accent is precomposed or combining, and an emoji
 * with modifiers is 1.
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

/** Trims and collapses runs of white space to one space, in the NFC form. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ');
}
