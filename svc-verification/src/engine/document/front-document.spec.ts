import { frontShowsTheDocument, printedDocumentNumber } from './front-document';

const zone = { documentNumber: 'D23145890', surname: 'ERIKSSON' };

describe('the front shows the document of the zone', () => {
  it('finds the document number printed on the front, with spaces or look-alikes', () => {
    expect(printedDocumentNumber('Document No.\nD23145890\n', 'D23145890')).toBe(true);
    expect(printedDocumentNumber('DOC NO D 231 458 90', 'D23145890')).toBe(true);
    expect(printedDocumentNumber('No: O23I4589O', 'D23145890')).toBe(true);
    expect(printedDocumentNumber('No: D23145891', 'D23145890')).toBe(false);
  });

  it('accepts the number or the surname, in any case and ICAO spelling', () => {
    expect(frontShowsTheDocument('IDENTITY CARD\nSurname\nEriksson\n', zone)).toBe(true);
    expect(frontShowsTheDocument('UTOPIA  D23145890', zone)).toBe(true);
    expect(frontShowsTheDocument('Nachname: Müller', { documentNumber: 'X1', surname: 'MUELLER' })).toBe(true);
  });

  it("refuses a front with neither: a photo of a person, or another person's card", () => {
    expect(frontShowsTheDocument('', zone)).toBe(false);
    expect(frontShowsTheDocument('HAPPY BIRTHDAY', zone)).toBe(false);
    expect(frontShowsTheDocument('IDENTITY CARD\nSurname\nSVENSSON\nNo. C99887766', zone)).toBe(false);
  });
});
