import { parse } from 'mrz';

export type MrzFormat = 'TD1' | 'TD2' | 'TD3';

/** What the checks use of a machine readable zone. Nothing of it is stored or sent anywhere. */
export interface MrzReading {
  format: MrzFormat;
  /** Every check digit holds (document number, birth date, expiry, composite). */
  checkDigitsValid: boolean;
  surname: string;
  givenNames: string;
  /** The name filled the zone's name field: its last word may have been cut. */
  mayBeTruncated: boolean;
  /** The last day the document is valid, if the expiry date could be read. */
  expiresOn?: Date;
}

const SHAPES: { format: MrzFormat; lines: number; length: number }[] = [
  { format: 'TD1', lines: 3, length: 30 },
  { format: 'TD2', lines: 2, length: 36 },
  { format: 'TD3', lines: 2, length: 44 },
];

/** OCR lines as MRZ characters: upper case, no spaces, only A-Z, 0-9 and the filler `<`. */
function cleanLine(line: string): string {
  return line.toUpperCase().replace(/\s+/g, '').replace(/[«‹]/g, '<').replace(/[^A-Z0-9<]/g, '');
}

/** The MRZ lines in a page of OCR text: consecutive lines of one of the ICAO 9303 shapes. */
export function findMrzLines(text: string): string[] | undefined {
  const lines = text.split('\n').map(cleanLine).filter((line) => line.length >= 28);
  for (const shape of SHAPES) {
    for (let i = 0; i + shape.lines <= lines.length; i++) {
      const candidate = lines.slice(i, i + shape.lines);
      if (candidate.every((line) => line.length === shape.length) && candidate.some((line) => line.includes('<<'))) return candidate;
    }
  }
  return undefined;
}

/** 'YYMMDD' of an expiry date: years 00-69 are 2000s (documents expire in the future), 70-99 1900s. */
function expiryFromMrz(value: string | null | undefined): Date | undefined {
  if (!value || !/^\d{6}$/.test(value)) return undefined;
  const year = Number(value.slice(0, 2));
  const date = new Date(Date.UTC(year < 70 ? 2000 + year : 1900 + year, Number(value.slice(2, 4)) - 1, Number(value.slice(4, 6))));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** OCR-B characters OCR engines confuse, each way round. */
const CONFUSIONS: Record<string, string> = { Z: '2', '2': 'Z', O: '0', '0': 'O', I: '1', '1': 'I', S: '5', '5': 'S', B: '8', '8': 'B', G: '6', '6': 'G' };

/**
 * When a check digit fails, tries each single OCR confusion (Z/2, O/0, I/1, S/5, B/8, G/6) and keeps
 * a reading only if every check digit then holds. An integrity repair, not a way around the check:
 * a zone with no such reading stays invalid.
 */
export function readMrzWithRepair(lines: string[]): MrzReading | undefined {
  const first = readMrz(lines);
  if (!first || first.checkDigitsValid) return first;
  for (let row = 0; row < lines.length; row++) {
    for (let column = 0; column < lines[row].length; column++) {
      const replacement = CONFUSIONS[lines[row][column]];
      if (!replacement) continue;
      const candidate = [...lines];
      candidate[row] = lines[row].slice(0, column) + replacement + lines[row].slice(column + 1);
      const reading = readMrz(candidate);
      if (reading?.checkDigitsValid) return reading;
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
    mayBeTruncated: !nameLine.endsWith('<'),
    expiresOn: expiryFromMrz(result.fields.expirationDate),
  };
}
