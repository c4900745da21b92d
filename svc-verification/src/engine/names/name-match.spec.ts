import { invitedNameMatches, realNameMatches } from './name-match';
import { toMrzLetters } from './transliterate';

const doc = (surname: string, givenNames: string, mayBeTruncated = false) => ({ surname, givenNames, mayBeTruncated });

describe('toMrzLetters', () => {
  it('spells ICAO letters out and drops accents', () => {
    expect(toMrzLetters('Jürgen Müller-Lüdenscheidt', { icao: true })).toBe('JUERGEN MUELLER LUEDENSCHEIDT');
    expect(toMrzLetters('Straße', { icao: true })).toBe('STRASSE');
    expect(toMrzLetters('José Ñúñez', { icao: true })).toBe('JOSE NUNEZ');
    expect(toMrzLetters('Søren Ærø', { icao: true })).toBe('SOEREN AEROE');
  });
});

describe('realNameMatches', () => {
  it('matches case, accents, order and hyphens', () => {
    expect(realNameMatches('josé luis garcía pérez', doc('GARCIA PEREZ', 'JOSE LUIS'))).toBe(true);
    expect(realNameMatches('García Pérez José Luis', doc('GARCIA PEREZ', 'JOSE LUIS'))).toBe(true);
    expect(realNameMatches('Anna-Maria Eriksson', doc('ERIKSSON', 'ANNA MARIA'))).toBe(true);
  });

  it('matches ICAO transliteration and plain accent dropping', () => {
    expect(realNameMatches('Jürgen Müller', doc('MUELLER', 'JUERGEN'))).toBe(true);
    expect(realNameMatches('Jürgen Müller', doc('MULLER', 'JURGEN'))).toBe(true);
    expect(realNameMatches('Hans Strauß', doc('STRAUSS', 'HANS'))).toBe(true);
  });

  it('tolerates particles and a name the MRZ cut short', () => {
    expect(realNameMatches('Ludwig van Beethoven', doc('VAN BEETHOVEN', 'LUDWIG'))).toBe(true);
    expect(realNameMatches('María de la Cruz Fernández', doc('FERNANDEZ', 'MARIA DE LA CRUZ'))).toBe(true);
    // The MRZ cuts the end of the name field: the last given name.
    expect(realNameMatches('Anna Marianne Eriksson', doc('ERIKSSON', 'ANNA MARIANN', true))).toBe(true);
    expect(realNameMatches('Anna Marianne Eriksson', doc('ERIKSSON', 'ANNA MARIANN', false))).toBe(false);
    expect(realNameMatches('Anna Maria Eriksson Lindqvist', doc('ERIKSSON LINDQVIST', 'ANNA', true))).toBe(true);
  });

  it('refuses a different or missing word', () => {
    expect(realNameMatches('Anna Eriksson', doc('ERIKSSON', 'ANNA MARIA'))).toBe(false);
    expect(realNameMatches('Anna Maria Svensson', doc('ERIKSSON', 'ANNA MARIA'))).toBe(false);
    expect(realNameMatches('Anne Maria Eriksson', doc('ERIKSSON', 'ANNA MARIA'))).toBe(false);
    expect(realNameMatches('', doc('ERIKSSON', 'ANNA'))).toBe(false);
  });
});

describe('invitedNameMatches', () => {
  it('accepts an invited name that leaves out middle names or a second surname, or drops accents', () => {
    expect(invitedNameMatches('Jose Garcia', doc('GARCIA PEREZ', 'JOSE LUIS'))).toBe(true);
    expect(invitedNameMatches('Luis García Pérez', doc('GARCIA PEREZ', 'JOSE LUIS'))).toBe(true);
    expect(invitedNameMatches('Anna Eriksson', doc('ERIKSSON', 'ANNA MARIA'))).toBe(true);
  });

  it('refuses a different surname or a different given name, or a single word', () => {
    expect(invitedNameMatches('Jose Martinez', doc('GARCIA PEREZ', 'JOSE LUIS'))).toBe(false);
    expect(invitedNameMatches('Pedro Garcia', doc('GARCIA PEREZ', 'JOSE LUIS'))).toBe(false);
    expect(invitedNameMatches('Garcia', doc('GARCIA PEREZ', 'JOSE LUIS'))).toBe(false);
    expect(invitedNameMatches('Jose Luis', doc('GARCIA PEREZ', 'JOSE LUIS'))).toBe(false);
  });
});
