import { td3 } from '@idv/id-fixtures';
import { selfieShowsTheDocument } from './selfie-shows-document';

const zone = { documentNumber: 'BH1007919', surname: 'BJOERK' };

describe('selfieShowsTheDocument', () => {
  it('finds the document in a selfie whose text holds its number, its surname or a zone', () => {
    // what tesseract read in a card front held to the camera (eval: attack/card-held-to-camera)
    expect(selfieShowsTheDocument('ATLANTIS NATIONAL ID Apellidos / Sumame\nN° documento pL BH1OO7919 |', zone)).toBe(true);
    expect(selfieShowsTheDocument('Apellidos / Surname\n£.9% BJORK ag\nNombre', zone)).toBe(true);
    // a data page held up: its zone, whatever its number and name
    const page = td3({
      documentNumber: 'EF1031676',
      surname: 'WALESA',
      givenNames: 'PAWEL',
      nationality: 'UTO',
      issuingState: 'UTO',
      birthDate: '740505',
      sex: 'M',
      expiryDate: '340915',
    });
    expect(selfieShowsTheDocument(`PASSPORT\n${page.join('\n')}`, { documentNumber: 'ZZ9999999', surname: 'NOBODY' })).toBe(true);
  });

  it('finds nothing in what OCR makes of a face, or in words too short to be the surname', () => {
    // tesseract's reading of genuine selfies of the evaluation set
    for (const text of ['', 'A | leo yOR >) od 26” 7v 9 200', '8 R— » Ll : v 7 Hy pl I) i \\ ’ — Y i Z', 'TEE £5 75 & 2 a']) {
      expect(selfieShowsTheDocument(text, zone)).toBe(false);
    }
    expect(selfieShowsTheDocument('KIM', { documentNumber: 'KR1234567', surname: 'KIM' })).toBe(false);
    // another document number, or a number too short to tell
    expect(selfieShowsTheDocument('No. BH1007918', zone)).toBe(false);
  });
});
