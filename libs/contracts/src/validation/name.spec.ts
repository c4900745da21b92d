import { validateName } from './name';

const repeat = (char: string, n: number) => Array.from({ length: n }, () => char).join('');

describe('validateName', () => {
  it.each([
    ['2 characters', 'Jo'],
    ['49 characters', repeat('a', 49)],
    ['50 characters', repeat('a', 50)],
    ['accents', 'José Ñúñez'],
    ['combining accents count as one character each', `${repeat('e\u0301', 50)}`],
    ['Cyrillic', 'Анна Каренина'],
    ['Arabic (right to left)', 'نور الهدى'],
    ['Chinese', '王小明'],
    ['an emoji with a skin-tone modifier counts once', `Ana 👍🏽`],
    ['a Persian name with a zero-width non-joiner inside a word', 'مهر\u200cانگیز'],
    ['a Hindi name with a zero-width joiner after a virama', 'क्\u200dषमा देवी'],
    ['a Malayalam name with a zero-width non-joiner', 'സ്\u200cനേഹ'],
    ['an emoji sequence joined by zero-width joiners', 'Ana 👩\u200d💻'],
  ])('accepts %s', (_label, input) => {
    expect(validateName(input)).toEqual({ ok: true, value: input.normalize('NFC') });
  });

  it('trims and collapses inner white space', () => {
    expect(validateName('  Ana   María  ')).toEqual({ ok: true, value: 'Ana María' });
  });

  it('counts the trimmed length, so 50 characters plus spaces is still valid', () => {
    expect(validateName(`   ${repeat('b', 50)}   `).ok).toBe(true);
  });

  it.each([
    ['1 character', 'J'],
    ['51 characters', repeat('a', 51)],
    ['51 combining-accent characters', repeat('e\u0301', 51)],
    ['a control character', 'Ana\u0000Pérez'],
    ['only zero-width spaces', '\u200b\u200b\u200b'],
    ['a zero-width space inside a name (looks like another name)', 'Bo\u200bLi'],
    ['a zero-width joiner between Latin letters', 'Bo\u200dLi'],
    ['a zero-width non-joiner at the end of a Persian name', 'مهر\u200c'],
    ['a word joiner', 'Ana\u2060 Pérez'],
    ['a soft hyphen (shows nothing inside a line)', 'Ana Pé\u00adrez'],
    ['a Hangul filler among letters', 'Ana\u3164Pérez'],
    ['only Hangul fillers (blank "letters")', '\u3164\u3164\u3164'],
    ['only Braille blanks and a word joiner', '\u2800\u2060\u2800'],
    ['only punctuation', '-- .'],
    ['a right-to-left override (shows "BoLi" for "BoiL")', 'Bo\u202eiL'],
    ['a left-to-right isolate', 'Ana \u2066Pérez\u2069'],
    ['a lone high surrogate', 'Ana \ud83d'],
    ['a lone low surrogate', '\udc4dAna'],
    ['more code units than any name (before normalisation)', 'a'.repeat(401)],
    ['10 MB of letters', 'a'.repeat(10 * 1024 * 1024)],
  ])('rejects %s as name_invalid', (_label, input) => {
    expect(validateName(input)).toEqual({ ok: false, code: 'name_invalid' });
  });

  it.each([
    ['empty', ''],
    ['white space only', ' \t\n '],
    ['not a string', 42],
    ['an object (NoSQL operator)', { $gt: '' }],
    ['undefined', undefined],
  ])('rejects %s with the required message of its context', (_label, input) => {
    expect(validateName(input)).toEqual({ ok: false, code: 'initiator_required' });
    expect(validateName(input, 'participant_required')).toEqual({ ok: false, code: 'participant_required' });
  });
});

describe('validateName on hostile input', () => {
  it('refuses a 10 MB value without reading it: its cost does not grow with its size', () => {
    const small = 'a'.repeat(401);
    const huge = 'a'.repeat(10 * 1024 * 1024);
    const time = (value: string) => {
      const start = Date.now();
      for (let i = 0; i < 20; i++) validateName(value);
      return Date.now() - start;
    };
    time(small);
    // Grapheme counting of 10 MB would take hours; a bounded check takes microseconds either way.
    expect(time(huge)).toBeLessThan(time(small) + 20);
  });
});
