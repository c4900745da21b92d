import { foldIcaoDigraphs, nameWordsVariants } from '../names/transliterate';
import { withLookAlikesAsDigits } from './look-alikes';
import type { MrzReading } from './mrz';

/** Runs of letters and digits in printed text, upper case, spaces inside a number allowed ("AB 12 34"). */
function printedTokens(text: string): string[] {
  const upper = text.toUpperCase();
  const words = upper.split(/[^A-Z0-9]+/).filter(Boolean);
  const joinedLines = upper.split('\n').map((line) => line.replace(/[^A-Z0-9]/g, ''));
  return [...words, ...joinedLines];
}

/** Is the zone's document number printed on the front (look-alike characters counted as one)? */
export function printedDocumentNumber(frontText: string, documentNumber: string): boolean {
  if (documentNumber.length < 5) return false;
  const wanted = withLookAlikesAsDigits(documentNumber);
  return printedTokens(frontText).some((token) => withLookAlikesAsDigits(token).includes(wanted));
}

/** Is a surname word of the zone (`minLetters` letters or more) printed in the text? */
export function printedSurname(text: string, surname: string, minLetters = 3): boolean {
  const printed = new Set(nameWordsVariants(text).flat().map(foldIcaoDigraphs));
  return nameWordsVariants(surname)
    .flat()
    .some((word) => word.length >= minLetters && printed.has(foldIcaoDigraphs(word)));
}

/**
 * A zone read on the back proves nothing about the front: a face photo, or another person's card,
 * could be sent as the "front". The front must show the same document: the zone's document number
 * or its surname printed on it. (A passport's zone is on the front itself.)
 */
export function frontShowsTheDocument(frontText: string, zone: Pick<MrzReading, 'documentNumber' | 'surname'>): boolean {
  return printedDocumentNumber(frontText, zone.documentNumber) || printedSurname(frontText, zone.surname);
}
