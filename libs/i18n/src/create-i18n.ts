import i18next, { type InitOptions, type i18n as I18n, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_DETECTION } from './language-detection';
import { COMMON_EN, COMMON_ES } from './common-strings';
import { FALLBACK_LANGUAGE, LANGUAGES } from './languages';

/** Re-detection after start (docs/product.md, "Languages"). */
export const REDETECT_AFTER_MS = 1000;

/**
 * Initialises the one i18next instance of the page (the shell's; a remote's standalone page makes
 * its own). Remotes add their namespaces to it with `addNamespace`. `<html lang>` follows the
 * language, and the language is kept under `i18nextLng`.
 */
export async function createI18n(): Promise<I18n> {
  if (!i18next.isInitialized) {
    await i18next.use(LanguageDetector).use(initReactI18next).init(I18N_OPTIONS);
    const follow = (language: string) => document.documentElement.setAttribute('lang', language);
    follow(i18next.language);
    i18next.on('languageChanged', follow);
    setTimeout(() => {
      const detected = detectedLanguage(i18next);
      if (detected && detected !== i18next.language) void i18next.changeLanguage(detected);
    }, REDETECT_AFTER_MS);
  }
  return i18next;
}

const RESOURCES: Resource = { en: { common: COMMON_EN }, es: { common: COMMON_ES } };

/** The i18next options of every page; the detector keeps the language under `i18nextLng`. */
export const I18N_OPTIONS: InitOptions = {
  resources: RESOURCES,
  detection: LANGUAGE_DETECTION,
  supportedLngs: LANGUAGES.map((l) => l.code),
  fallbackLng: FALLBACK_LANGUAGE,
  ns: ['common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
};

/** What the detector finds now, as the supported language i18next would choose. */
export function detectedLanguage(instance: I18n): string | undefined {
  const found = instance.services.languageDetector?.detect();
  if (!found) return undefined;
  return instance.services.languageUtils.getBestMatchFromCodes(Array.isArray(found) ? found : [found]);
}

let legalLoaded: Promise<void> | undefined;

/** The policies' texts (namespace `legal`), fetched the first time a policy is opened. */
export function loadLegalStrings(): Promise<void> {
  legalLoaded ??= import('./legal-strings').then(
    ({ LEGAL_EN, LEGAL_ES }) => addNamespace('legal', { en: LEGAL_EN, es: LEGAL_ES }),
    (error: unknown) => {
      legalLoaded = undefined; // a later opening tries again
      throw error;
    },
  );
  return legalLoaded;
}

/** A remote's strings, as namespace `ns`, in both languages. */
export function addNamespace(ns: string, strings: { en: Record<string, unknown>; es: Record<string, unknown> }): void {
  i18next.addResourceBundle('en', ns, strings.en, true, true);
  i18next.addResourceBundle('es', ns, strings.es, true, true);
}
