import { useTranslation } from 'react-i18next';
import { ButtonLink } from './ButtonLink';

/** An unknown (or deleted) session: said, with a way home. */
export function SessionNotFound() {
  const { t } = useTranslation('common');
  return (
    <section className="screen" aria-labelledby="missing-title">
      <h1 id="missing-title">{t('errors.sessionNotFound')}</h1>
      <div>
        <ButtonLink to="/">{t('goHome')}</ButtonLink>
      </div>
    </section>
  );
}
