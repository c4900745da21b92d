import { detectLanguage } from './detect-language';

describe('detectLanguage', () => {
  it('keeps a language the person chose', () => {
    expect(detectLanguage({ stored: 'es', navigatorLanguages: ['en-US'], htmlLang: 'en' })).toBe('es');
  });

  it('falls to the browser languages, by base language, first supported wins', () => {
    expect(detectLanguage({ stored: null, navigatorLanguages: ['fr-FR', 'es-MX', 'en'], htmlLang: 'en' })).toBe('es');
  });

  it('ignores a stored language it does not speak', () => {
    expect(detectLanguage({ stored: 'de', navigatorLanguages: ['es-ES'], htmlLang: null })).toBe('es');
  });

  it('then the html lang, then English', () => {
    expect(detectLanguage({ stored: null, navigatorLanguages: ['fr'], htmlLang: 'es' })).toBe('es');
    expect(detectLanguage({ stored: null, navigatorLanguages: ['fr'], htmlLang: 'de' })).toBe('en');
  });
});
