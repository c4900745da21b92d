import { nameWordsVariants } from './transliterate';

/** Surname particles that documents print, and people type, inconsistently. */
const PARTICLES = new Set(['DE', 'DEL', 'DELA', 'LA', 'LAS', 'LOS', 'DA', 'DAS', 'DO', 'DOS', 'DI', 'DU', 'VAN', 'VON', 'DER', 'DEN', 'TER', 'TEN', 'LE', 'Y', 'E', 'BIN', 'BEN', 'AL', 'EL']);

const content = (words: string[]) => words.filter((word) => !PARTICLES.has(word));

/** The name on the document: surname and given names as read from the MRZ (or print). */
export interface DocumentName {
  surname: string;
  givenNames: string;
  /** MRZ names are cut to the zone's width: the last word may be a prefix. */
  mayBeTruncated: boolean;
}

function documentWords(name: DocumentName): string[][] {
  return nameWordsVariants(`${name.surname} ${name.givenNames}`).map(content);
}

/** Does `typed` equal `available` or, for the last MRZ word when it may be cut, extend it? */
function sameWord(typed: string, documentWord: string, truncatable: boolean): boolean {
  return typed === documentWord || (truncatable && documentWord.length >= 2 && typed.startsWith(documentWord));
}

/**
 * Every word of `words` found among the document's words, each used once, in any order.
 * With `all`, the document's words must all be used too (the typed real name is the full name).
 */
function covers(words: string[], documentWords: string[], truncated: boolean, all: boolean): boolean {
  const unused = new Set(documentWords.keys());
  const last = documentWords.length - 1;
  for (const word of words) {
    const index = [...unused].find((i) => sameWord(word, documentWords[i], truncated && i === last));
    if (index === undefined) return false;
    unused.delete(index);
  }
  return !all || unused.size === 0;
}

/**
 * The typed real name against the document: the same words, tolerant of case, accents, ICAO
 * spellings, word order, particles ("de", "van") and the MRZ cutting a long name short.
 */
export function realNameMatches(typed: string, document: DocumentName): boolean {
  for (const typedWords of nameWordsVariants(typed).map(content)) {
    if (typedWords.length === 0) continue;
    for (const words of documentWords(document)) {
      if (covers(typedWords, words, document.mayBeTruncated, true)) return true;
      // A cut MRZ may have dropped whole given names at the end: all the document's words must
      // then be among the typed ones instead.
      if (document.mayBeTruncated && covers(words, typedWords, false, false) && words.length >= 2) return true;
    }
  }
  return false;
}

/**
 * The name the initiator typed is plausibly the same person: each of its words is in the document
 * name (so middle names or a second surname may be left out, accents may be dropped), and at least
 * two words match, a given name and the surname.
 */
export function invitedNameMatches(invited: string, document: DocumentName): boolean {
  const surnames = nameWordsVariants(document.surname).map(content);
  for (const invitedWords of nameWordsVariants(invited).map(content)) {
    if (invitedWords.length < 2) continue;
    for (const words of documentWords(document)) {
      if (!covers(invitedWords, words, document.mayBeTruncated, false)) continue;
      if (surnames.some((surname) => invitedWords.some((word) => surname.includes(word)))) return true;
    }
  }
  return false;
}
