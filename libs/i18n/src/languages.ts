export const LANGUAGES = [
  { code: 'en', label: 'English', flag: '🇬🇧' },
  { code: 'es', label: 'Español', flag: '🇪🇸' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const FALLBACK_LANGUAGE: LanguageCode = 'en';
/** Where the chosen language is kept (docs/product.md, "Languages"). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** 'es-MX' -> 'es'; anything we do not speak -> undefined. */
export function supportedLanguage(tag: string | undefined | null): LanguageCode | undefined {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language.code === base)?.code;
}
