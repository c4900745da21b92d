import { validatePurpose } from './purpose';

describe('validatePurpose', () => {
  it.each([
    ['1 character', 'x'],
    ['49 characters', 'p'.repeat(49)],
    ['50 characters', 'p'.repeat(50)],
    ['50 accented characters', 'ñ'.repeat(50)],
  ])('accepts %s', (_label, input) => {
    expect(validatePurpose(input)).toEqual({ ok: true, value: input });
  });

  it('rejects 51 characters', () => {
    expect(validatePurpose('p'.repeat(51))).toEqual({ ok: false, code: 'purpose_too_long' });
  });

  it('measures the trimmed text', () => {
    expect(validatePurpose(`  ${'p'.repeat(50)}  `)).toEqual({ ok: true, value: 'p'.repeat(50) });
  });

  it.each([[''], ['    '], [undefined], [['array']]])('rejects %p as required', (input) => {
    expect(validatePurpose(input)).toEqual({ ok: false, code: 'purpose_required' });
  });

  it('rejects control characters', () => {
    expect(validatePurpose('Buying a car\u0007')).toEqual({ ok: false, code: 'purpose_invalid' });
  });

  it('rejects text that shows something else than it holds', () => {
    expect(validatePurpose('Selling a \u202erac')).toEqual({ ok: false, code: 'purpose_invalid' });
    expect(validatePurpose('Rent \ud800')).toEqual({ ok: false, code: 'purpose_invalid' });
  });

  it('rejects 10 MB as too long without normalising it', () => {
    expect(validatePurpose('p'.repeat(10 * 1024 * 1024))).toEqual({ ok: false, code: 'purpose_too_long' });
  });
});
