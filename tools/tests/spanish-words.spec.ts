import { COMMON_ES } from '../../libs/i18n/src/common-strings';
import { LEGAL_ES } from '../../libs/i18n/src/legal-strings';
import { CLAIM_ES } from '../../libs/ui/src/claim-strings';
import { LANDING_ES } from '../../mf-landing/src/landing/landing-strings';
import { SESSION_ES } from '../../mf-session/src/shared/session-strings';
import { VERIFY_ES } from '../../mf-verify/src/shared/verify-strings';

/** Every text of a strings object, however deep. */
function textsOf(strings: unknown): string[] {
  if (typeof strings === 'string') return [strings];
  if (strings && typeof strings === 'object') return Object.values(strings).flatMap(textsOf);
  return [];
}

/** The Spanish of every screen, library and remote alike, held to one vocabulary. */
describe('Spanish texts', () => {
  const tables = { COMMON_ES, LEGAL_ES, CLAIM_ES, LANDING_ES, SESSION_ES, VERIFY_ES };

  it.each(Object.entries(tables))('%s says "selfi", never the English "selfie"', (_name, table) => {
    expect(textsOf(table).filter((text) => /\bselfie\b/i.test(text))).toEqual([]);
  });

  it('says "selfi" where the selfie is spoken of: the landing page, the legal texts, the verify page', () => {
    for (const table of [LANDING_ES, LEGAL_ES, VERIFY_ES]) expect(textsOf(table).some((text) => /\bselfi\b/.test(text))).toBe(true);
  });
});
