import { foldIcaoDigraphs, nameWordsVariants } from './transliterate';

/** Surname particles that documents print, and people type, inconsistently. */
const PARTICLES = new Set(['DE', 'DEL', 'DELA', 'LA', 'LAS', 'LOS', 'DA', 'DAS', 'DO', 'DOS', 'DI', 'DU', 'VAN', 'VON', 'DER', 'DEN', 'TER', 'TEN', 'LE', 'Y', 'E', 'BIN', 'BEN', 'AL', 'EL']);

const content = (words: string[]) => words.filter((word) => !PARTICLES.has(word));

/** Particles joined to the word after them, as people also write them: AL QAHTANI as ALQAHTANI, VAN DER BERG as VANDERBERG. */
function joinParticles(words: string[]): string[] {
  const joined: string[] = [];
  let particles = '';
  for (const word of words) {
    if (PARTICLES.has(word)) particles += word;
    else {
      joined.push(particles + word);
      particles = '';
    }
  }
  return joined;
}

/** A name's words without its particles, and with them joined to the next word (when that differs). */
function spellings(variants: string[][]): string[][] {
  const all = variants.flatMap((words) => [content(words), joinParticles(words)]);
  return all.filter((words, i) => all.findIndex((other) => other.join(' ') === words.join(' ')) === i);
}

/** The name on the document: surname and given names as read from the MRZ (or print). */
export interface DocumentName {
  surname: string;
  givenNames: string;
  /** MRZ names are cut to the zone's width: the last word may be a prefix. */
  mayBeTruncated: boolean;
}

function documentWords(name: DocumentName): string[][] {
  return spellings(nameWordsVariants(`${name.surname} ${name.givenNames}`));
}

/** Does `typed` equal `documentWord` (ICAO digraphs folded) or, for the last MRZ word when it may be cut, extend it? */
function sameWord(typed: string, documentWord: string, truncatable: boolean): boolean {
  if (typed === documentWord) return true;
  const [a, b] = [foldIcaoDigraphs(typed), foldIcaoDigraphs(documentWord)];
  return a === b || (truncatable && documentWord.length >= 2 && (typed.startsWith(documentWord) || a.startsWith(b)));
}

/** One letter replaced by another, in words long enough that this is a misreading rather than another name. */
function oneLetterOff(typed: string, documentWord: string): boolean {
  return misreadLetterAt(foldIcaoDigraphs(typed), foldIcaoDigraphs(documentWord)) >= 0;
}

/** Where two words of 4+ letters and one length differ, if in exactly one letter; else -1. */
function misreadLetterAt(a: string, b: string): number {
  if (a.length !== b.length || a.length < 4) return -1;
  let at = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (at >= 0) return -1;
    at = i;
  }
  return at;
}

/**
 * A cut zone's words all among the typed ones, each used once, its last word possibly cut short:
 * WOLFESCHLEGELSTEINHAUSEN<<HUBE within "Hubert Blaine Wolfeschlegelsteinhausen" (the zone dropped
 * BLAINE and the end of HUBERT). What the zone dropped, the printed name must settle. With
 * `misreadings`, that many words may each differ by one letter (the cut one in its kept part).
 */
function cutZoneWithin(zoneWords: string[], typedWords: string[], misreadings = 0): boolean {
  const unused = new Set(typedWords.keys());
  let misread = 0;
  return zoneWords.every((word, i) => {
    const cut = i === zoneWords.length - 1;
    let index = [...unused].find((j) => sameWord(typedWords[j], word, cut));
    if (index === undefined && misread < misreadings) {
      index = [...unused].find((j) => oneLetterOff(cut ? typedWords[j].slice(0, word.length) : typedWords[j], word));
      if (index !== undefined) misread++;
    }
    if (index !== undefined) unused.delete(index);
    return index !== undefined;
  });
}

/**
 * Every word of `words` found among the document's words, each used once, in any order.
 * With `all`, the document's words must all be used too (the typed real name is the full name).
 */
function covers(words: string[], documentWords: string[], truncated: boolean, all: boolean, misreadings = 0): boolean {
  const unused = new Set(documentWords.keys());
  const last = documentWords.length - 1;
  let misread = 0;
  for (const word of words) {
    let index = [...unused].find((i) => sameWord(word, documentWords[i], truncated && i === last));
    if (index === undefined && misread < misreadings) {
      // a cut last word is compared over the letters the zone kept
      index = [...unused].find((i) => oneLetterOff(truncated && i === last ? word.slice(0, documentWords[i].length) : word, documentWords[i]));
      if (index !== undefined) misread++;
    }
    if (index === undefined) return false;
    unused.delete(index);
  }
  return !all || unused.size === 0;
}

/**
 * How the typed real name compares with the document's, tolerant of case, accents, apostrophes,
 * ICAO spellings in both directions, word order, particles ("de", "van") and the MRZ cutting a long
 * name short. `letters_misread`: the same but for one letter in any of the words (NALESA<<PANEL
 * for WALESA<<PAWEL), which the zone cannot settle (its name characters carry no check digit):
 * the printed name must.
 */
export function compareRealName(typed: string, document: DocumentName): 'match' | 'letters_misread' | 'mismatch' {
  let near = false;
  for (const typedWords of spellings(nameWordsVariants(typed))) {
    if (typedWords.length === 0) continue;
    for (const words of documentWords(document)) {
      if (covers(typedWords, words, document.mayBeTruncated, true)) return 'match';
      // A cut MRZ may have dropped whole given names at the end: all the document's words must
      // then be among the typed ones instead.
      if (document.mayBeTruncated && words.length >= 2 && cutZoneWithin(words, typedWords)) return 'match';
      near ||= covers(typedWords, words, document.mayBeTruncated, true, typedWords.length);
      near ||= document.mayBeTruncated && words.length >= 2 && cutZoneWithin(words, typedWords, words.length);
    }
  }
  return near ? 'letters_misread' : 'mismatch';
}

export function realNameMatches(typed: string, document: DocumentName): boolean {
  return compareRealName(typed, document) === 'match';
}

/**
 * The printed name settles what the zone cannot: every word of the typed name is among the words
 * read from the front (ICAO digraphs folded, apostrophes dropped). A word printed with one letter
 * misread still counts where the zone reads that letter (IOANA printed as TOANA, the zone cut to
 * IO): each letter is then read right by one source and contradicted by neither beyond one letter.
 */
export function printedNameConfirms(typed: string, printedText: string, zone?: DocumentName): boolean {
  const printed = [...new Set(nameWordsVariants(printedText).flatMap((words) => [...words, ...joinParticles(words)]).map(foldIcaoDigraphs))];
  const exactly = new Set(printed);
  const zoneWords = zone ? documentWords(zone).flat().map(foldIcaoDigraphs) : [];
  const confirmed = (typedWord: string) => {
    const word = foldIcaoDigraphs(typedWord);
    if (exactly.has(word)) return true;
    return printed.some((printedWord) => {
      const at = misreadLetterAt(word, printedWord);
      return at >= 0 && zoneWords.some((zoneWord) => zoneWord.length > at && word.startsWith(zoneWord));
    });
  };
  return spellings(nameWordsVariants(typed)).some((words) => words.length > 0 && words.every(confirmed));
}

/**
 * The name the initiator typed is plausibly the same person: each of its words is in the document
 * name (so middle names or a second surname may be left out, accents may be dropped), and at least
 * two words match, a given name and the surname. A zone that may have been cut cannot show the words
 * it dropped: an invited word it does not hold but the front prints (`printedText`) is set aside.
 */
export function invitedNameMatches(invited: string, document: DocumentName, printedText = ''): boolean {
  const surnameWords = spellings(nameWordsVariants(document.surname)).flat();
  // a letter of each word may be misread in the zone (its names carry no check digit)
  const isSurname = (word: string) => surnameWords.some((surname) => sameWord(word, surname, false) || oneLetterOff(word, surname));
  // "Minjun Kim" for KIM MIN JUN: given names written as one word are the same names.
  const joinedGivenNames = nameWordsVariants(document.givenNames)
    .map(content)
    .filter((words) => words.length > 1)
    .map((words) => [...content(nameWordsVariants(document.surname)[0]), words.join('')]);
  const documentSpellings = [...documentWords(document), ...joinedGivenNames];
  const inZone = (word: string) => documentSpellings.some((words) => words.some((zoneWord) => sameWord(word, zoneWord, document.mayBeTruncated) || oneLetterOff(word, zoneWord)));
  const printed = new Set(nameWordsVariants(printedText).flat().map(foldIcaoDigraphs));
  const droppedByTheZone = (word: string) => document.mayBeTruncated && !inZone(word) && printed.has(foldIcaoDigraphs(word));
  const matches = (invitedWords: string[]) =>
    invitedWords.length >= 2 && invitedWords.some(isSurname) && documentSpellings.some((words) => covers(invitedWords, words, document.mayBeTruncated, false, invitedWords.length));
  return spellings(nameWordsVariants(invited)).some((words) => matches(words) || matches(words.filter((word) => !droppedByTheZone(word))));
}
