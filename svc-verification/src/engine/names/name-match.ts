import { foldIcaoDigraphs, nameWordsVariants } from './transliterate';

/** Surname particles that documents print, and people type, inconsistently. */
const PARTICLES = new Set([
  'DE',
  'DEL',
  'DELA',
  'LA',
  'LAS',
  'LOS',
  'DA',
  'DAS',
  'DO',
  'DOS',
  'DI',
  'DU',
  'VAN',
  'VON',
  'DER',
  'DEN',
  'TER',
  'TEN',
  'LE',
  'Y',
  'E',
  'BIN',
  'BEN',
  'AL',
  'EL',
]);

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

/**
 * Two or three neighbouring words written as one, each run in turn: people and states write some
 * names either way (ABU GHAZALEH as Abughazaleh, TE WHARE as Tewhare, YU TING as Yuting, ABD AL
 * RAHIM as Abdalrahim). The letters and their order stay the same: only spaces are read away.
 */
function joinedNeighbours(words: string[]): string[][] {
  return runs(words).map(({ from, to }) => [...words.slice(0, from), words.slice(from, to).join(''), ...words.slice(to)]);
}

/** Each run of two or three neighbouring words, written as one. */
function joinedWords(words: string[]): string[] {
  return runs(words).map(({ from, to }) => words.slice(from, to).join(''));
}

function runs(words: string[]): { from: number; to: number }[] {
  return [2, 3].flatMap((length) => [...Array(Math.max(0, words.length - length + 1)).keys()].map((from) => ({ from, to: from + length })));
}

/**
 * A name's words without its particles, and with them joined to the next word (when that differs).
 * A document's name also with two or three neighbouring words joined (`document`): a typed word may
 * be several of the document's, never the other way round, or a word a cut zone kept could swallow
 * the next typed one (MARIA cut, "Maria Fernanda" typed as MARIAFERNANDA).
 */
function spellings(variants: string[][], document = false): string[][] {
  const all = variants.flatMap((words) => [content(words), joinParticles(words), ...(document ? joinedNeighbours(words) : [])]);
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
  return spellings(nameWordsVariants(`${name.surname} ${name.givenNames}`), true);
}

/** Does `typed` equal `documentWord` (ICAO digraphs folded) or, for the last MRZ word when it may be cut, extend it? */
function sameWord(typed: string, documentWord: string, truncatable: boolean): boolean {
  if (typed === documentWord) return true;
  const [a, b] = [foldIcaoDigraphs(typed), foldIcaoDigraphs(documentWord)];
  return a === b || (truncatable && documentWord.length >= 2 && (typed.startsWith(documentWord) || a.startsWith(b)));
}

/**
 * One letter replaced by another, in words long enough that this is a misreading rather than
 * another name (4 letters; 3 where the printed name must then settle it).
 */
function oneLetterOff(typed: string, documentWord: string, shortest = 4): boolean {
  return misreadLetterAt(foldIcaoDigraphs(typed), foldIcaoDigraphs(documentWord), shortest) >= 0;
}

/** Where two words of `shortest`+ letters and one length differ, if in exactly one letter; else -1. */
function misreadLetterAt(a: string, b: string, shortest = 4): number {
  if (a.length !== b.length || a.length < shortest) return -1;
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
  // only asked with misreadings where the printed name must settle them: 3-letter words too
  const unused = new Set(typedWords.keys());
  let misread = 0;
  return zoneWords.every((word, i) => {
    const cut = i === zoneWords.length - 1;
    let index = [...unused].find((j) => sameWord(typedWords[j], word, cut));
    if (index === undefined && misread < misreadings) {
      index = [...unused].find((j) => oneLetterOff(cut ? typedWords[j].slice(0, word.length) : typedWords[j], word, 3));
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
function covers(words: string[], documentWords: string[], truncated: boolean, all: boolean, misreadings = 0, shortest = 4): boolean {
  const unused = new Set(documentWords.keys());
  const last = documentWords.length - 1;
  let misread = 0;
  for (const word of words) {
    let index = [...unused].find((i) => sameWord(word, documentWords[i], truncated && i === last));
    if (index === undefined && misread < misreadings) {
      // a cut last word is compared over the letters the zone kept
      index = [...unused].find((i) => oneLetterOff(truncated && i === last ? word.slice(0, documentWords[i].length) : word, documentWords[i], shortest));
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
      near ||= covers(typedWords, words, document.mayBeTruncated, true, typedWords.length, 3);
      near ||= document.mayBeTruncated && words.length >= 2 && cutZoneWithin(words, typedWords, words.length);
    }
  }
  return near ? 'letters_misread' : 'mismatch';
}

export function realNameMatches(typed: string, document: DocumentName): boolean {
  return compareRealName(typed, document) === 'match';
}

/**
 * The printed name settles what the zone cannot: every word of the typed name that the zone does
 * not state in full (a word it misread or cut, or dropped) is among the words read from the front
 * (ICAO digraphs folded, apostrophes dropped, neighbours joined). A word printed with one letter
 * misread still counts where the zone reads that letter (IOANA printed as TOANA, the zone cut to
 * IO): each letter is then read right by one source and contradicted by neither beyond one letter.
 */
export function printedNameConfirms(typed: string, printedText: string, zone?: DocumentName): boolean {
  const printedWords = nameWordsVariants(printedText).flatMap((words) => [...words, ...joinParticles(words), ...joinedWords(words)]);
  const printed = [...new Set(printedWords.map(foldIcaoDigraphs))];
  const exactly = new Set(printed);
  const zoneWords = zone ? documentWords(zone).flat().map(foldIcaoDigraphs) : [];
  // the zone's words it states in full: all of them, but the last one of a zone that may be cut
  const statedInFull = new Set(
    zone
      ? documentWords(zone)
          .flatMap((words) => (zone.mayBeTruncated ? words.slice(0, -1) : words))
          .map(foldIcaoDigraphs)
      : [],
  );
  const confirmed = (typedWord: string) => {
    const word = foldIcaoDigraphs(typedWord);
    if (exactly.has(word) || statedInFull.has(word)) return true;
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
 * two words match, a given name and the surname (or the one name of a person who has no other). A
 * zone that may have been cut cannot show the words it dropped: an invited word it does not hold
 * but the front prints (`printedText`) is set aside.
 */
export function invitedNameMatches(invited: string, document: DocumentName, printedText = ''): boolean {
  const surnameWords = spellings(nameWordsVariants(document.surname), true).flat();
  // a letter of each word may be misread in the zone (its names carry no check digit)
  const isSurname = (word: string) => surnameWords.some((surname) => sameWord(word, surname, false) || oneLetterOff(word, surname));
  // "Minjun Kim" for KIM MIN JUN: given names written as one word are the same names.
  const joinedGivenNames = nameWordsVariants(document.givenNames)
    .map(content)
    .filter((words) => words.length > 1)
    .map((words) => [...content(nameWordsVariants(document.surname)[0]), words.join('')]);
  const documentSpellings = [...documentWords(document), ...joinedGivenNames];
  const inZone = (word: string) =>
    documentSpellings.some((words) => words.some((zoneWord) => sameWord(word, zoneWord, document.mayBeTruncated) || oneLetterOff(word, zoneWord)));
  const printed = new Set(nameWordsVariants(printedText).flat().map(foldIcaoDigraphs));
  const droppedByTheZone = (word: string) => document.mayBeTruncated && !inZone(word) && printed.has(foldIcaoDigraphs(word));
  // a person with one name only (no given names in the zone) is invited by that name
  const oneName = nameWordsVariants(document.givenNames).flat().length === 0;
  const matches = (invitedWords: string[], shortest = 4) =>
    invitedWords.length >= (oneName ? 1 : 2) &&
    invitedWords.some(isSurname) &&
    documentSpellings.some((words) => covers(invitedWords, words, document.mayBeTruncated, false, invitedWords.length, shortest));
  const invitedSpellings = spellings(nameWordsVariants(invited));
  if (invitedSpellings.some((words) => matches(words) || matches(words.filter((word) => !droppedByTheZone(word))))) return true;
  // a three-letter word misread in the zone (WEI read as NEI): only where the front prints the invited name
  return invitedSpellings.some((words) => matches(words, 3)) && printedNameConfirms(invited, printedText, document);
}
