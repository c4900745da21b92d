import { LEGAL_ES } from './legal-strings';

/** Every text of a strings object, however deep. */
function textsOf(strings: unknown): string[] {
  if (typeof strings === 'string') return [strings];
  if (strings && typeof strings === 'object') return Object.values(strings).flatMap(textsOf);
  return [];
}

describe('Spanish texts', () => {
  it('say "selfi", as the verification pages do, never the English "selfie"', () => {
    expect(textsOf(LEGAL_ES).filter((text) => /\bselfie\b/i.test(text))).toEqual([]);
    expect(textsOf(LEGAL_ES).some((text) => /\bselfi\b/.test(text))).toBe(true);
  });
});
