import { parse } from 'mrz';
import { asDigit, asLetter, lookAlikesOf } from './look-alikes';

export type MrzFormat = 'TD1' | 'TD2' | 'TD3';

/** What the checks use of a machine readable zone. Nothing of it is stored or sent anywhere. */
export interface MrzReading {
  format: MrzFormat;
  /** Every check digit holds (document number, birth date, expiry, composite). */
  checkDigitsValid: boolean;
  surname: string;
  givenNames: string;
  /** The name filled the zone's name field (or all but its last filler): its last word may have been cut. */
  mayBeTruncated: boolean;
  /** The last day the document is valid, if the expiry date could be read. */
  expiresOn?: Date;
  /** As printed in the zone, fillers removed: compared with the number printed on the front. */
  documentNumber: string;
}

const SHAPES: { format: MrzFormat; lines: number; length: number }[] = [
  { format: 'TD1', lines: 3, length: 30 },
  { format: 'TD2', lines: 2, length: 36 },
  { format: 'TD3', lines: 2, length: 44 },
];

/** OCR lines as MRZ characters: upper case, no spaces, only A-Z, 0-9 and the filler `<`. */
function cleanLine(line: string): string {
  return line
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/[«‹]/g, '<')
    .replace(/[^A-Z0-9<]/g, '');
}

/** The MRZ lines in a page of OCR text: consecutive lines of one of the ICAO 9303 shapes. */
export function findMrzLines(text: string): string[] | undefined {
  const lines = text
    .split('\n')
    .map(cleanLine)
    .filter((line) => line.length >= 28);
  for (const shape of SHAPES) {
    for (let i = 0; i + shape.lines <= lines.length; i++) {
      const candidate = lines.slice(i, i + shape.lines);
      if (candidate.every((line) => line.length === shape.length) && candidate.some((line) => line.includes('<<'))) return candidate;
    }
  }
  return undefined;
}

/**
 * More lines of a zone's shape (a zone's length, a filler run) than one zone has: a document has one
 * zone of two or three lines, so a reading with more shows something else (zones stacked on a page).
 */
export function showsMoreThanOneZone(text: string): boolean {
  const zoneLines = text
    .split('\n')
    .map(cleanLine)
    .filter((line) => SHAPES.some((shape) => line.length === shape.length) && line.includes('<<'));
  return zoneLines.length > Math.max(...SHAPES.map((shape) => shape.lines));
}

/** 'YYMMDD' of an expiry date: years 00-69 are 2000s (documents expire in the future), 70-99 1900s. */
function expiryFromMrz(value: string | null | undefined): Date | undefined {
  if (!value || !/^\d{6}$/.test(value)) return undefined;
  const year = Number(value.slice(0, 2));
  const date = new Date(Date.UTC(year < 70 ? 2000 + year : 1900 + year, Number(value.slice(2, 4)) - 1, Number(value.slice(4, 6))));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** What each position of a zone may hold (ICAO 9303 part 4-6): digits, letters, or either. */
type PositionKind = 'digit' | 'letter' | 'either';

const D = (n: number): PositionKind[] => Array<PositionKind>(n).fill('digit');
const L = (n: number): PositionKind[] => Array<PositionKind>(n).fill('letter');
const X = (n: number): PositionKind[] => Array<PositionKind>(n).fill('either');

/** Per format and line: document code and states are letters, dates and check digits are digits, numbers either. */
const LAYOUT: Record<MrzFormat, PositionKind[][]> = {
  TD1: [[...L(5), ...X(9), ...D(1), ...X(15)], [...D(7), ...L(1), ...D(7), ...L(3), ...X(11), ...D(1)], L(30)],
  TD2: [L(36), [...X(9), ...D(1), ...L(3), ...D(7), ...L(1), ...D(7), ...X(7), ...D(1)]],
  TD3: [L(44), [...X(9), ...D(1), ...L(3), ...D(7), ...L(1), ...D(7), ...X(14), ...D(2)]],
};

/** Where the document number is: the only 'either' field a confirmed repair may touch. */
const DOCUMENT_NUMBER: Record<MrzFormat, { row: number; from: number; to: number }> = {
  TD1: { row: 0, from: 5, to: 14 },
  TD2: { row: 1, from: 0, to: 9 },
  TD3: { row: 1, from: 0, to: 9 },
};

function formatOf(lines: string[]): MrzFormat | undefined {
  return SHAPES.find((shape) => shape.lines === lines.length && lines.every((line) => line.length === shape.length))?.format;
}

/**
 * Puts back what cannot have been printed: a letter where the layout allows only digits (a date,
 * a check digit) becomes its look-alike digit, a digit where only letters can be (a state, a name)
 * its look-alike letter. These are OCR errors for certain, never a forger's edit: a changed digit
 * stays a digit and is never touched, so a tampered date still fails its check digit.
 */
export function repairByLayout(lines: string[]): string[] {
  const format = formatOf(lines);
  if (!format) return lines;
  return lines.map((line, row) =>
    [...line]
      .map((char, column) => {
        const kind = LAYOUT[format][row][column];
        if (kind === 'digit') return asDigit(char);
        if (kind === 'letter') return asLetter(char);
        return char;
      })
      .join(''),
  );
}

/**
 * Reads a zone, repairing only what cannot be tampering (`repairByLayout`). In the positions that
 * may hold letters or digits either reading could be what was printed: a single look-alike swap is
 * tried only in the document number, and kept only when an independent source confirms the repaired
 * number, the one printed on the document (`confirmsDocumentNumber`). Optional data is never touched.
 */
export function readMrzWithRepair(lines: string[], confirmsDocumentNumber?: (documentNumber: string) => boolean): MrzReading | undefined {
  const repaired = repairByLayout(lines);
  const first = readMrz(repaired);
  if (!first || first.checkDigitsValid || !confirmsDocumentNumber) return first;
  const { row, from, to } = DOCUMENT_NUMBER[formatOf(repaired)!];
  for (let column = from; column < to; column++) {
    for (const replacement of lookAlikesOf(repaired[row][column])) {
      const candidate = [...repaired];
      candidate[row] = repaired[row].slice(0, column) + replacement + repaired[row].slice(column + 1);
      const reading = readMrz(candidate);
      if (reading?.checkDigitsValid && confirmsDocumentNumber(reading.documentNumber)) return reading;
    }
  }
  return first;
}

/**
 * Parses MRZ lines. The decision rests on the check digits only: the library's overall `valid` also
 * requires real country codes, which specimen documents (UTO, D<<) do not have.
 */
export function readMrz(lines: string[]): MrzReading | undefined {
  let result;
  try {
    result = parse(lines);
  } catch {
    return undefined;
  }
  const format = result.format as string;
  if (format !== 'TD1' && format !== 'TD2' && format !== 'TD3') return undefined;
  const checkDigits = result.details.filter((detail) => /CheckDigit$/.test(detail.field ?? ''));
  const nameLine = format === 'TD1' ? lines[2] : lines[0].slice(5);
  return {
    format,
    checkDigitsValid: checkDigits.length > 0 && checkDigits.every((detail) => detail.valid),
    surname: result.fields.lastName ?? '',
    givenNames: result.fields.firstName ?? '',
    // a name cut just after a word ends in one filler, like a name that left exactly one free
    mayBeTruncated: !nameLine.endsWith('<<'),
    expiresOn: expiryFromMrz(result.fields.expirationDate),
    documentNumber: (result.fields.documentNumber ?? '').replace(/</g, ''),
  };
}

/** The lines of each format whose characters check digits cover (a name line has none). */
const CHECKED_LINES: Record<MrzFormat, number[]> = { TD1: [0, 1], TD2: [1], TD3: [1] };

/** The line of `text` of `line`'s length that agrees with it most, if in at least 3 characters in 4. */
function lineLike(line: string, text: string): string | undefined {
  const agreement = (other: string) => [...line].filter((char, i) => char === other[i]).length;
  const best = text
    .split('\n')
    .map(cleanLine)
    .filter((other) => other.length === line.length)
    .sort((a, b) => agreement(b) - agreement(a))[0];
  return best && agreement(best) >= 0.75 * line.length ? best : undefined;
}

/**
 * Does `text` (the front's printed text) show this zone: each line that check digits cover, read
 * there too, agreeing in at least 3 characters in 4? Then the zone is printed on the front itself.
 */
export function zoneShownIn(lines: string[], text: string): boolean {
  const format = formatOf(lines);
  return format !== undefined && CHECKED_LINES[format].every((row) => lineLike(lines[row], text) !== undefined);
}

/**
 * Two readings of one zone by different OCR engines (tesseract's legacy engine, which reads the
 * zone, and its LSTM engine, which reads the printed text of a passport's data page and so its
 * zone too), put together where they differ: each character is one engine's reading, and a
 * combination is kept only when every check digit holds. Where both engines misread the same
 * character, or where a forger changed one, no combination holds: nothing is made up, a changed
 * date or number still fails. Only the lines check digits cover are combined, each with the line
 * of `otherText` of its length that agrees with it most (at least 3 characters in 4); at most
 * `maxDifferences` differing characters are tried (2^n combinations).
 */
export function combineReadings(first: string[], otherText: string, maxDifferences = 6): string[] | undefined {
  const format = formatOf(first);
  if (!format) return undefined;
  const second = [...first];
  for (const row of CHECKED_LINES[format]) {
    const like = lineLike(first[row], otherText);
    if (!like) return undefined;
    second[row] = like;
  }
  const differences = CHECKED_LINES[format].flatMap((row) =>
    [...first[row]].flatMap((char, column) => (char !== second[row][column] ? [{ row, column }] : [])),
  );
  if (differences.length === 0 || differences.length > maxDifferences) return undefined;
  // fewest characters taken from the second reading first
  const masks = [...Array(2 ** differences.length).keys()].slice(1).sort((a, b) => bitCount(a) - bitCount(b));
  for (const mask of masks) {
    const candidate = first.map((line) => [...line]);
    differences.forEach(({ row, column }, i) => {
      if (mask & (1 << i)) candidate[row][column] = second[row][column];
    });
    const lines = candidate.map((chars) => chars.join(''));
    if (readMrzWithRepair(lines)?.checkDigitsValid) return lines;
  }
  return undefined;
}

function bitCount(n: number): number {
  let count = 0;
  for (let rest = n; rest; rest >>= 1) count += rest & 1;
  return count;
}
