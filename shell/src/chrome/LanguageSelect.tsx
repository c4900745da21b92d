import { LANGUAGES, supportedLanguage } from '@idv/i18n';
import { useTranslation } from 'react-i18next';

/** English / Español, each with its flag; the choice is kept for the next visit. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('shell');
  return (
    <label className="language-select">
      <span className="visually-hidden">{t('language')}</span>
      <select value={supportedLanguage(i18n.language) ?? 'en'} onChange={(event) => void i18n.changeLanguage(event.target.value)}>
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {`${language.flag} ${language.label}`}
          </option>
        ))}
      </select>
    </label>
  );
}
