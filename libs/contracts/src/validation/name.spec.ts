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
