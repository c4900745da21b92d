import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <section className="not-found">
      <h1>{t('errors.notFound')}</h1>
      <p>{t('errors.notFoundHint')}</p>
      <Link to="/">{t('goHome')}</Link>
    </section>
  );
}
