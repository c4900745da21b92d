/** Builds ICAO 9303 machine readable zones with correct (or deliberately broken) check digits. */
const WEIGHTS = [7, 3, 1];

function charValue(char: string): number {
  if (char === '<') return 0;
  if (/[0-9]/.test(char)) return Number(char);
  return char.charCodeAt(0) - 55; // A = 10
}

export function checkDigit(value: string): string {
  let sum = 0;
  [...value].forEach((char, i) => (sum += charValue(char) * WEIGHTS[i % 3]));
  return String(sum % 10);
}

export interface MrzPerson {
  documentNumber: string;
  surname: string;
  givenNames: string;
  nationality: string;
  issuingState: string;
  birthDate: string; // YYMMDD
  sex: 'M' | 'F' | '<';
  expiryDate: string; // YYMMDD
}

const pad = (value: string, length: number) => value.padEnd(length, '<').slice(0, length);
const nameField = (p: MrzPerson, length: number) => pad(`${p.surname.replace(/ /g, '<')}<<${p.givenNames.replace(/ /g, '<')}`, length);

/** An ID card's three 30-character lines. */
export function td1(p: MrzPerson, options: { breakDocumentNumberDigit?: boolean } = {}): string[] {
  const number = pad(p.documentNumber, 9);
  let numberDigit = checkDigit(number);
  if (options.breakDocumentNumberDigit) numberDigit = String((Number(numberDigit) + 1) % 10);
  const line1 = pad(`I<${p.issuingState}${number}${numberDigit}`, 30);
  const line2Core = `${p.birthDate}${checkDigit(p.birthDate)}${p.sex}${p.expiryDate}${checkDigit(p.expiryDate)}${pad(p.nationality, 3)}`;
  const line2Start = pad(line2Core, 29);
  const composite = checkDigit(`${line1.slice(5, 30)}${line2Start.slice(0, 7)}${line2Start.slice(8, 15)}${line2Start.slice(18, 29)}`);
  return [line1, `${line2Start}${composite}`, nameField(p, 30)];
}

/** A passport's two 44-character lines. */
export function td3(p: MrzPerson): string[] {
  const line1 = `P<${p.issuingState}${nameField(p, 39)}`;
  const number = pad(p.documentNumber, 9);
  const personal = pad('', 14);
  const body = `${number}${checkDigit(number)}${pad(p.nationality, 3)}${p.birthDate}${checkDigit(p.birthDate)}${p.sex}${p.expiryDate}${checkDigit(p.expiryDate)}${personal}${checkDigit(personal)}`;
  const composite = checkDigit(`${body.slice(0, 10)}${body.slice(13, 20)}${body.slice(21, 43)}`);
  return [line1, `${body}${composite}`];
}

/** The ICAO-style specimen holder used across the tests (UTO: the specimen state). */
export const SPECIMEN: MrzPerson = {
  documentNumber: 'D23145890',
  surname: 'ERIKSSON',
  givenNames: 'ANNA MARIA',
  nationality: 'UTO',
  issuingState: 'UTO',
  birthDate: '740812',
  sex: 'F',
  expiryDate: '340415',
};

/** A TD2 card's two 36-character lines. */
export function td2(p: MrzPerson): string[] {
  const line1 = `I<${p.issuingState}${nameField(p, 31)}`;
  const number = pad(p.documentNumber, 9);
  const optional = pad('', 7);
  const body = `${number}${checkDigit(number)}${pad(p.nationality, 3)}${p.birthDate}${checkDigit(p.birthDate)}${p.sex}${p.expiryDate}${checkDigit(p.expiryDate)}${optional}`;
  const composite = checkDigit(`${body.slice(0, 10)}${body.slice(13, 20)}${body.slice(21, 35)}`);
  return [line1, `${body}${composite}`];
}
