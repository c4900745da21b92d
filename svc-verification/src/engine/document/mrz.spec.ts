import { SPECIMEN, checkDigit, td1, td3 } from '../../testing/mrz-builder';
import { findMrzLines, readMrz, readMrzWithRepair } from './mrz';

const anna = SPECIMEN;

describe('check digits', () => {
  it('follow ICAO 9303 (weights 7, 3, 1)', () => {
    expect(checkDigit('D23145890')).toBe('7');
    expect(checkDigit('740812')).toBe('2');
    expect(checkDigit('L898902C3')).toBe('6');
  });
});

describe('readMrz', () => {
  it('reads an ID card (TD1): names, check digits, expiry', () => {
    const lines = td1(anna);
    expect(lines.map((l) => l.length)).toEqual([30, 30, 30]);
    expect(readMrz(lines)).toEqual({
      format: 'TD1',
      checkDigitsValid: true,
      surname: 'ERIKSSON',
      givenNames: 'ANNA MARIA',
      mayBeTruncated: false,
      expiresOn: new Date(Date.UTC(2034, 3, 15)),
    });
  });

  it('reads a passport (TD3)', () => {
    const reading = readMrz(td3(anna));
    expect(reading).toMatchObject({ format: 'TD3', checkDigitsValid: true, surname: 'ERIKSSON', givenNames: 'ANNA MARIA' });
  });

  it('finds a broken check digit', () => {
    expect(readMrz(td1(anna, { breakDocumentNumberDigit: true }))?.checkDigitsValid).toBe(false);
  });

  it('notices a name that fills the whole field (it may be cut)', () => {
    const long = { ...anna, givenNames: 'ANNA MARIA KRISTINABELL' };
    expect(td1(long)[2]).toBe('ERIKSSON<<ANNA<MARIA<KRISTINAB');
    expect(readMrz(td1(long))).toMatchObject({ mayBeTruncated: true, givenNames: 'ANNA MARIA KRISTINAB' });
    expect(readMrz(td1(anna))?.mayBeTruncated).toBe(false);
  });

  it('refuses what is not an MRZ', () => {
    expect(readMrz(['HELLO', 'WORLD'])).toBeUndefined();
  });
});

describe('findMrzLines', () => {
  it('finds the zone among other OCR text, tolerating spaces and case', () => {
    const [a, b, c] = td1(anna);
    const text = `IDENTITY CARD\nSurname: Eriksson\n${a.slice(0, 10)} ${a.slice(10)}\n${b}\n${c.toLowerCase()}\nfooter`;
    expect(findMrzLines(text)).toEqual(td1(anna));
  });

  it('finds a passport zone', () => {
    expect(findMrzLines(`PASSPORT\n${td3(anna).join('\n')}`)).toEqual(td3(anna));
  });

  it('finds nothing in a page without a zone', () => {
    expect(findMrzLines('just some words\non a page')).toBeUndefined();
  });
});

describe('readMrzWithRepair', () => {
  it('repairs a single OCR confusion when that makes every check digit hold', () => {
    const [line1, ...rest] = td1(anna);
    const misread = [line1.replace('D23', 'DZ3'), ...rest];
    expect(readMrz(misread)?.checkDigitsValid).toBe(false);
    expect(readMrzWithRepair(misread)).toMatchObject({ checkDigitsValid: true, surname: 'ERIKSSON' });
  });

  it('leaves a zone invalid when no single repair makes it hold', () => {
    expect(readMrzWithRepair(td1(anna, { breakDocumentNumberDigit: true }))?.checkDigitsValid).toBe(false);
  });
});
