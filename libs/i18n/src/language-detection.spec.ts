import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { I18N_OPTIONS, detectedLanguage } from './create-i18n';

/** A page's i18next as createI18n makes it, in this test's browser state. */
async function languageFor({ stored, browser, htmlLang }: { stored?: string; browser: string[]; htmlLang?: string }) {
  localStorage.clear();
  if (stored) localStorage.setItem('i18nextLng', stored);
  jest.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
  jest.spyOn(navigator, 'language', 'get').mockReturnValue(browser[0]);
  if (htmlLang) document.documentElement.setAttribute('lang', htmlLang);
  else document.documentElement.removeAttribute('lang');
  const instance = i18next.createInstance();
  await instance.use(LanguageDetector).init(I18N_OPTIONS);
  return instance;
}

describe('language detection (i18next-browser-languagedetector with our order)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps a language the person chose, and stores what it shows under i18nextLng', async () => {
    expect((await languageFor({ stored: 'es', browser: ['en-US'], htmlLang: 'en' })).language).toBe('es');
    expect((await languageFor({ browser: ['es-ES'] })).language).toBe('es');
    expect(localStorage.getItem('i18nextLng')).toBe('es');
  });

  it('falls to the browser languages, by base language, first supported wins', async () => {
    expect((await languageFor({ browser: ['fr-FR', 'es-MX', 'en'], htmlLang: 'en' })).language).toBe('es');
  });

  it('ignores a stored language it does not speak', async () => {
    expect((await languageFor({ stored: 'de', browser: ['es-ES'] })).language).toBe('es');
  });

  it('then the html lang, then English', async () => {
    expect((await languageFor({ browser: ['fr'], htmlLang: 'es' })).language).toBe('es');
    expect((await languageFor({ browser: ['fr'], htmlLang: 'de' })).language).toBe('en');
  });

  it('detects again on demand (the re-detection after start)', async () => {
    const instance = await languageFor({ browser: ['en-GB'] });
    localStorage.setItem('i18nextLng', 'es');
    expect(detectedLanguage(instance)).toBe('es');
  });
});
