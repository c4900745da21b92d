import { SPECIMEN, checkDigit, td1, td3 } from '@idv/id-fixtures';
import { combineReadings, findMrzLines, readMrz, readMrzWithRepair, showsMoreThanOneZone, zoneShownIn } from './mrz';

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
      documentNumber: 'D23145890',
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

  it('notices a name cut just after a word, which ends the field in one filler', () => {
    const cutAfterAWord = { ...anna, givenNames: 'ANNA MARIA KRISTINA BELL' };
    expect(td1(cutAfterAWord)[2]).toBe('ERIKSSON<<ANNA<MARIA<KRISTINA<');
    expect(readMrz(td1(cutAfterAWord))).toMatchObject({ mayBeTruncated: true, givenNames: 'ANNA MARIA KRISTINA' });
  });

  it('refuses what is not an MRZ', () => {
    expect(readMrz(['HELLO', 'WORLD'])).toBeUndefined();
  });
});

describe('showsMoreThanOneZone', () => {
  it('holds for zones stacked on a page, not for one zone among printed text', () => {
    const zone = td1(SPECIMEN);
    expect(showsMoreThanOneZone(['IDENTITY CARD', 'SURNAME <<', ...zone].join('\n'))).toBe(false);
    expect(showsMoreThanOneZone(td3(SPECIMEN).join('\n'))).toBe(false);
    expect(showsMoreThanOneZone([...zone, ...zone].join('\n'))).toBe(true);
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
  const replaceAt = (line: string, index: number, char: string) => line.slice(0, index) + char + line.slice(index + 1);

  it('puts back a letter read where only a digit can be, and a digit where only a letter can be', () => {
    const [line1, line2, line3] = td1(anna);
    // birth date 740812 read as 74O8I2, the state UTO as UT0, the surname ERIKSSON as ERIK55ON
    const misread = [replaceAt(line1, 4, '0'), `74O8I2${line2.slice(6)}`, line3.replace('ERIKSSON', 'ERIK55ON')];
    expect(readMrz(misread)?.checkDigitsValid).toBe(false);
    expect(readMrzWithRepair(misread)).toMatchObject({ checkDigitsValid: true, surname: 'ERIKSSON', documentNumber: 'D23145890' });
  });

  it('repairs a look-alike in the document number only when the printed number confirms it', () => {
    const [line1, ...rest] = td1(anna);
    const misread = [line1.replace('D23', 'DZ3'), ...rest];
    expect(readMrz(misread)?.checkDigitsValid).toBe(false);
    expect(readMrzWithRepair(misread)?.checkDigitsValid).toBe(false);
    expect(readMrzWithRepair(misread, (number) => number === 'DZ3145890')?.checkDigitsValid).toBe(false);
    expect(readMrzWithRepair(misread, (number) => number === 'D23145890')).toMatchObject({ checkDigitsValid: true, documentNumber: 'D23145890' });
  });

  it('leaves a zone invalid when a check digit is broken', () => {
    expect(readMrzWithRepair(td1(anna, { breakDocumentNumberDigit: true }), () => true)?.checkDigitsValid).toBe(false);
  });

  // Tampering: every single changed digit of a date, with its check digit kept, in every format,
  // even when anything is "confirmed": never repaired into a passing zone.
  it.each([
    ['TD1', td1(anna), 1, [0, 8]],
    ['TD3', td3(anna), 1, [13, 21]],
  ] as const)('never launders a changed birth or expiry date (%s)', (_format, lines, row, starts) => {
    let tampered = 0;
    for (const start of starts) {
      for (let offset = 0; offset < 6; offset++) {
        for (const digit of '0123456789') {
          const line = lines[row];
          if (line[start + offset] === digit) continue;
          const changed = [...lines];
          changed[row] = replaceAt(line, start + offset, digit);
          tampered++;
          expect({ at: start + offset, digit, valid: readMrzWithRepair(changed, () => true)?.checkDigitsValid }).toEqual({
            at: start + offset,
            digit,
            valid: false,
          });
        }
      }
    }
    expect(tampered).toBe(108);
  });

  it('fails the composite digit when a date and its own check digit were both changed', () => {
    const person = { ...anna, expiryDate: '340416' };
    const forged = td1(person);
    const original = td1(anna);
    // (some edits leave the composite unchanged: 2034 -> 2035 does, since the date's and its check digit's weights cancel)
    expect(forged[1].at(-1)).not.toBe(original[1].at(-1));
    // the forger moved the expiry one day on, recomputed its check digit, and kept the composite
    const lines = [original[0], `${forged[1].slice(0, 15)}${original[1].slice(15)}`, original[2]];
    expect(readMrzWithRepair(lines, () => true)?.checkDigitsValid).toBe(false);
  });
});

describe('combineReadings', () => {
  const replaceAt = (line: string, index: number, char: string) => line.slice(0, index) + char + line.slice(index + 1);
  const passport = td3({ ...anna, documentNumber: 'WV3518242' });

  it("puts two engines' readings together where each misread a different character", () => {
    // the zone engine read W as N; the text engine V as U, and fillers of the name line as K and L
    const zoneEngine = [passport[0], replaceAt(passport[1], 0, 'N')];
    const printedText = `PASSPORT\nSurname ERIKSSON\n${passport[0].replace(/<+$/, (fill) => 'K'.padEnd(fill.length + 1, 'L'))}\n${replaceAt(passport[1], 1, 'U')}\n`;
    expect(readMrzWithRepair(zoneEngine)?.checkDigitsValid).toBe(false);
    const combined = combineReadings(zoneEngine, printedText);
    expect(combined).toEqual(passport);
    expect(readMrz(combined!)).toMatchObject({ checkDigitsValid: true, documentNumber: 'WV3518242', surname: anna.surname });
  });

  it('never makes a changed date hold: both engines read what the forger printed', () => {
    const tampered = [passport[0], replaceAt(passport[1], 15, String((Number(passport[1][15]) + 3) % 10))];
    expect(combineReadings(tampered, tampered.join('\n'))).toBeUndefined();
    expect(combineReadings([tampered[0], replaceAt(tampered[1], 0, 'N')], tampered.join('\n'))).toBeUndefined();
  });

  it('gives nothing without a like line in the other text, or with readings too far apart', () => {
    expect(combineReadings(passport, td1(anna).join('\n'))).toBeUndefined();
    expect(combineReadings(passport, '')).toBeUndefined();
    expect(combineReadings([passport[0], 'X'.repeat(44)], passport.join('\n'))).toBeUndefined();
  });
});

describe('zoneShownIn', () => {
  const passport = td3(anna);
  it('finds a zone in printed text that reads its checked line nearly alike', () => {
    const misread = passport[1].replace(/^(.)(.)/, 'NU');
    expect(zoneShownIn(passport, `PASSPORT\nERIKSSON\n${misread}\n`)).toBe(true);
  });
  it('does not find it in a card front, or in another zone', () => {
    expect(zoneShownIn(passport, 'REPUBLIC OF UTOPIA\nSurname\nERIKSSON\n')).toBe(false);
    expect(zoneShownIn(passport, td3({ ...anna, documentNumber: 'X98765432', birthDate: '990101', expiryDate: '300101' })[1])).toBe(false);
  });
});
