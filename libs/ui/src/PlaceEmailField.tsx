import { useTranslation } from 'react-i18next';

/** The e-mail address a person claims their place with: the one the initiator entered for them. */
export function PlaceEmailField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('claim');
  return (
    <div className="field">
      <label htmlFor={id}>{t('emailLabel')}</label>
      <input id={id} type="email" autoComplete="email" value={value} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.value)} />
      <p className="field-hint" id={`${id}-hint`}>
        {t('emailHint')}
      </p>
    </div>
  );
}
