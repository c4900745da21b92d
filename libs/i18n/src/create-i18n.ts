import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browserLanguageSources, detectLanguage } from './detect-language';
import { COMMON_EN, COMMON_ES } from './common-strings';
import { LEGAL_EN, LEGAL_ES } from './legal-strings';
import { FALLBACK_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY } from './languages';

/** Re-detection after start (product-spec section 9). */
export const REDETECT_AFTER_MS = 1000;

/**
 * Initialises the one i18next instance of the page (the shell's; a remote's standalone page makes
 * its own). Remotes add their namespaces to it with `addNamespace`. `<html lang>` follows the
 * language, and the language is kept under `i18nextLng`.
 */
export async function createI18n(): Promise<I18n> {
  const resources: Resource = { en: { common: COMMON_EN, legal: LEGAL_EN }, es: { common: COMMON_ES, legal: LEGAL_ES } };
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources,
      lng: detectLanguage(browserLanguageSources()),
      supportedLngs: LANGUAGES.map((l) => l.code),
      fallbackLng: FALLBACK_LANGUAGE,
      ns: ['common', 'legal'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    const follow = (language: string) => {
      document.documentElement.setAttribute('lang', language);
      try {
        window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
      } catch {
        // Not kept when storage is blocked; the page still works.
      }
    };
    follow(i18next.language);
    i18next.on('languageChanged', follow);
    setTimeout(() => {
      const detected = detectLanguage(browserLanguageSources());
      if (detected !== i18next.language) void i18next.changeLanguage(detected);
    }, REDETECT_AFTER_MS);
  }
  return i18next;
}

/** A remote's strings, as namespace `ns`, in both languages. */
export function addNamespace(ns: string, strings: { en: Record<string, unknown>; es: Record<string, unknown> }): void {
  i18next.addResourceBundle('en', ns, strings.en, true, true);
  i18next.addResourceBundle('es', ns, strings.es, true, true);
}
