import { LANDING_ES } from './landing-strings';

/** Every text of a strings object, however deep. */
function textsOf(strings: unknown): string[] {
  if (typeof strings === 'string') return [strings];
  if (strings && typeof strings === 'object') return Object.values(strings).flatMap(textsOf);
  return [];
}

describe('the landing page in Spanish', () => {
  it('says "selfi", as the verification pages do, never the English "selfie"', () => {
    expect(textsOf(LANDING_ES).filter((text) => /\bselfie\b/i.test(text))).toEqual([]);
    expect(textsOf(LANDING_ES).some((text) => /\bselfi\b/.test(text))).toBe(true);
  });
});
