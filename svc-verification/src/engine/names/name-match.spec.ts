import { compareRealName, invitedNameMatches, printedNameConfirms, realNameMatches } from './name-match';
import { toMrzLetters } from './transliterate';

const doc = (surname: string, givenNames: string, mayBeTruncated = false) => ({ surname, givenNames, mayBeTruncated });

describe('toMrzLetters', () => {
  it('spells ICAO letters out and drops accents', () => {
    expect(toMrzLetters('Jürgen Müller-Lüdenscheidt', { icao: true })).toBe('JUERGEN MUELLER LUEDENSCHEIDT');
    expect(toMrzLetters('Straße', { icao: true })).toBe('STRASSE');
    expect(toMrzLetters('José Ñúñez', { icao: true })).toBe('JOSE NUNEZ');
    expect(toMrzLetters('Søren Ærø', { icao: true })).toBe('SOEREN AEROE');
  });

  it('writes letters no accent-stripping reaches as zones do', () => {
    expect(toMrzLetters('Günel Əliyeva', { icao: false })).toBe('GUNEL ALIYEVA');
    expect(toMrzLetters('Ħal Ŧana Ŋgozi Ɛkɔ Ɖada', { icao: false })).toBe('HAL TANA NGOZI EKO DADA');
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
    // cut inside the given names: the rest of HUBERT and all of BLAINE are the printed name's to settle
    expect(compareRealName('Hubert Blaine Wolfeschlegelsteinhausen', doc('WOLFESCHLEGELSTEINHAUSEN', 'HUBE', true))).toBe('match');
    expect(compareRealName('Alexandra Charlotte Montgomery-Winterbottom', doc('MONTGOMERY WINTERBOTTOM', 'ALEXA', true))).toBe('match');
    // not when the zone was not cut, nor when the cut word is not the start of a typed one
    expect(compareRealName('Hubert Blaine Wolfeschlegelsteinhausen', doc('WOLFESCHLEGELSTEINHAUSEN', 'HUBE', false))).toBe('mismatch');
    expect(compareRealName('Herbert Blaine Wolfeschlegelsteinhausen', doc('WOLFESCHLEGELSTEINHAUSEN', 'HUBE', true))).toBe('mismatch');
    // cut and one letter misread (W read as N): for the printed name to settle
    expect(compareRealName('Wilhelmina Johanna van den Heuvel-de Jong', doc('VAN DEN HEUVEL DE JONG', 'NILHEL', true))).toBe('letters_misread');
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
    expect(invitedNameMatches('Minjun Kim', doc('KIM', 'MIN JUN'))).toBe(true);
    expect(invitedNameMatches('Lars Akesson', doc('AAKESSON', 'LARS'))).toBe(true);
    // a letter of each word misread in the zone
    expect(invitedNameMatches('Paweł Wałęsa', doc('NALESA', 'PANEL'))).toBe(true);
    // a letter misread in the part of a cut word the zone kept
    expect(invitedNameMatches('Wilhelmina van den Heuvel', doc('VAN DEN HEUVEL DE JONG', 'NILHEL', true))).toBe(true);
    expect(invitedNameMatches('Wilhelmina van den Heuvel', doc('VAN DEN HEUVEL DE JONG', 'NILHEL', false))).toBe(false);
    // and still when the front prints that word (it is not set aside when the zone holds it misread)
    expect(invitedNameMatches('Wilhelmina van den Heuvel', doc('VAN DEN HEUVEL DE JONG', 'NILHEL', true), 'VAN DEN HEUVEL-DE JONG\nWILHELMINA JOHANNA')).toBe(
      true,
    );
    // a given name the cut zone dropped, printed on the front
    const cut = doc('DE LA TORRE DE LOS RIOS', 'MARIA', true);
    expect(invitedNameMatches('Maria Fernanda de la Torre', cut, 'SURNAME\nDE LA TORRE DE LOS RIOS\nGIVEN NAMES\nMARIA FERNANDA')).toBe(true);
    expect(invitedNameMatches('Maria Fernanda de la Torre', cut, 'SURNAME\nDE LA TORRE DE LOS RIOS\nGIVEN NAMES\nMARIA')).toBe(false);
    expect(invitedNameMatches('Maria Fernanda de la Torre', { ...cut, mayBeTruncated: false }, 'MARIA FERNANDA')).toBe(false);
    // a word set aside still leaves a given name and the surname to match
    expect(invitedNameMatches('Fernanda Gomez', cut, 'MARIA FERNANDA GOMEZ')).toBe(false);
  });

  it('refuses a different surname or a different given name, or a single word', () => {
    expect(invitedNameMatches('Jose Martinez', doc('GARCIA PEREZ', 'JOSE LUIS'))).toBe(false);
    expect(invitedNameMatches('Pedro Garcia', doc('GARCIA PEREZ', 'JOSE LUIS'))).toBe(false);
    expect(invitedNameMatches('Garcia', doc('GARCIA PEREZ', 'JOSE LUIS'))).toBe(false);
    expect(invitedNameMatches('Jose Luis', doc('GARCIA PEREZ', 'JOSE LUIS'))).toBe(false);
  });
});

describe('names as people type them against names as zones spell them', () => {
  it.each([
    ['Akesson typed, AAKESSON in the zone', 'Lars Akesson', doc('AAKESSON', 'LARS')],
    ['Åkesson typed, AKESSON in the zone', 'Lars Åkesson', doc('AKESSON', 'LARS')],
    ['Bjork typed, BJOERK in the zone', 'bjork gudrun', doc('BJOERK', 'GUDRUN')],
    ['Muller typed, MUELLER in the zone', 'MULLER JURGEN', doc('MUELLER', 'JUERGEN')],
    ['Haegstad typed, HAGSTAD in the zone (Ä written plainly)', 'Ola Hägstad', doc('HAGSTAD', 'OLA')],
    ['an apostrophe the zone drops', "Siobhán O'Connor", doc('OCONNOR', 'SIOBHAN')],
    ['a typographic apostrophe', 'Luca D’Angelo', doc('DANGELO', 'LUCA')],
    ['Polish ł without its stroke', 'Paweł Wałęsa', doc('WALESA', 'PAWEL')],
    ['Turkish dotless ı and İ', 'Işıl İnce', doc('INCE', 'ISIL')],
    ['ñ and ç typed plainly', 'Nuno Conçalves Peña', doc('CONCALVES PENA', 'NUNO')],
    ['a hyphen typed as a space', 'Jean Pierre Dupont-Moretti', doc('DUPONT MORETTI', 'JEAN PIERRE')],
    ['Þ and Ð', 'Þórður Guðmundsson', doc('GUDMUNDSSON', 'THORDUR')],
    ['ß typed as ss', 'Hans Strauss', doc('STRAUSS', 'HANS')],
    ['a particle typed joined to the surname', 'Abdullah Alqahtani', doc('AL QAHTANI', 'ABDULLAH')],
    ['particles joined in the zone, apart as typed', 'Anneke van der Berg', doc('VANDERBERG', 'ANNEKE')],
  ])('matches %s', (_label, typed, document) => {
    expect(compareRealName(typed, document)).toBe('match');
  });

  it('calls one misread letter in any long-enough word letters_misread, for the printed name to settle', () => {
    expect(compareRealName('Anna Maria Eriksson', doc('ERIKSS0N'.replace('0', 'Q'), 'ANNA MARIA'))).toBe('letters_misread');
    expect(compareRealName('Anne Maria Eriksson', doc('ERIKSSON', 'ANNA MARIA'))).toBe('letters_misread');
    // W read as N in both words of a zone
    expect(compareRealName('Pawel Walesa', doc('NALESA', 'PANEL'))).toBe('letters_misread');
    // two letters of one word, or a short word, are another name
    expect(compareRealName('Anna Maria Eriksaan', doc('ERIKSSON', 'ANNA MARIA'))).toBe('mismatch');
    expect(compareRealName('Bo Li', doc('LU', 'BO'))).toBe('mismatch');
    // a three-letter word with one letter misread (W read as N) is for the printed name to settle
    expect(compareRealName('Tan Wei Ling', doc('TAN', 'NEI LING'))).toBe('letters_misread');
  });

  it('settles a misread word with the printed name, the zone vouching for the words it reads in full', () => {
    const zone = doc('TAN', 'NEI LING');
    // the surname's print was lost in a security pattern; the zone reads it in full
    const front = 'KINGDOM OF BRABANTIA\n= WEI LING\nVoornamen / Given names\n';
    expect(printedNameConfirms('Tan Wei Ling', front, zone)).toBe(true);
    // the misread word itself must be printed
    expect(printedNameConfirms('Tan Wei Ling', 'KINGDOM OF BRABANTIA\nLING\n', zone)).toBe(false);
    // the last word of a zone that may be cut is not read in full: the front must show it
    expect(printedNameConfirms('Tan Wei Ling', 'WEI', doc('TAN', 'NEI LING', true))).toBe(false);
  });

  it.each([
    ['a surname typed joined', 'Rania Abughazaleh', doc('ABU GHAZALEH', 'RANIA')],
    ['a Maori surname typed joined', 'Aroha Tewhare', doc('TE WHARE', 'AROHA')],
    ['a given name typed joined', 'Yuting Lin', doc('LIN', 'YU TING')],
  ])('accepts an invited name with %s', (_label, invited, document) => {
    expect(invitedNameMatches(invited, document)).toBe(true);
  });

  it('accepts a three-letter word misread in the zone in an invited name only where the front prints it', () => {
    const zone = doc('TAN', 'NEI LING');
    expect(invitedNameMatches('Wei Ling Tan', zone, 'KINGDOM OF BRABANTIA\n= WEI LING\n')).toBe(true);
    expect(invitedNameMatches('Wei Ling Tan', zone)).toBe(false);
    expect(invitedNameMatches('Wei Ling Tan', zone, 'NEI LING')).toBe(false);
  });

  it('reads the ʻokina and other letters written like apostrophes as zones do: dropped', () => {
    expect(compareRealName('Talalelei Saʻilele', doc('SAILELE', 'TALALELEI'))).toBe('match');
    expect(compareRealName('Jasur Oʻrinboyev', doc('ORINBOYEV', 'JASUR'))).toBe('match');
  });

  it('invites a person with one name only by that name, and nobody else by one word', () => {
    expect(invitedNameMatches('Supriyadi', doc('SUPRIYADI', ''))).toBe(true);
    expect(compareRealName('Supriyadi', doc('SUPRIYADI', ''))).toBe('match');
    expect(invitedNameMatches('Supriyanto', doc('SUPRIYADI', ''))).toBe(false);
    expect(invitedNameMatches('Garcia', doc('GARCIA', 'JOSE'))).toBe(false);
  });

  it('joins three neighbouring words too (ABD AL RAHIM typed Abdalrahim)', () => {
    expect(compareRealName('Yusuf Abdalrahim', doc('ABD AL RAHIM', 'YUSUF'))).toBe('match');
    expect(compareRealName('Yusuf Abdalrahman', doc('ABD AL RAHIM', 'YUSUF'))).toBe('mismatch');
  });

  it('joins neighbouring words, never changes their letters', () => {
    expect(compareRealName('Rania Abughazaleh', doc('ABU GHAZALEH', 'RANIA'))).toBe('match');
    expect(invitedNameMatches('Rania Abughazali', doc('ABU GHAZALEH', 'RANIA'))).toBe(false);
    expect(invitedNameMatches('Rania Ghazalehabu', doc('ABU GHAZALEH', 'RANIA'))).toBe(false);
  });

  it('settles with the printed name: every typed word printed on the front', () => {
    const front = 'REPUBLIC OF UTOPIA\nSurname / Nom\nERIKSSON\nGiven names\nANNA MARIA\n';
    expect(printedNameConfirms('Anna Maria Eriksson', front)).toBe(true);
    expect(printedNameConfirms('Anne Maria Eriksson', front)).toBe(false);
    expect(printedNameConfirms("Siobhán O'Connor", 'O’CONNOR SIOBHAN')).toBe(true);
  });

  it('counts a word printed with one letter misread where the zone reads that letter', () => {
    const front = 'NUME / SURNAME\nPOPESCU-STEFANESCU\nPRENUME / GIVEN NAMES\nANDREEA-TOANA\n';
    const zone = doc('POPESCU STEFANESCU', 'ANDREEA IO', true);
    expect(printedNameConfirms('Andreea Ioana Popescu-Stefanescu', front, zone)).toBe(true);
    // not without the zone, nor where the zone does not reach the misread letter
    expect(printedNameConfirms('Andreea Ioana Popescu-Stefanescu', front)).toBe(false);
    expect(printedNameConfirms('Andreea Ioana Popescu-Stefanescu', front.replace('TOANA', 'IOAMA'), zone)).toBe(false);
    // nor a second misread letter
    expect(printedNameConfirms('Andreea Ioana Popescu-Stefanescu', front.replace('TOANA', 'TOAMA'), zone)).toBe(false);
  });
});
