import { useTranslation } from 'react-i18next';

/** A page on its way (its code or its session still loading): a spinner with "Loading…", where the page will be. */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div role="status" className="page-loading">
      <span className="spinner" aria-hidden="true" />
      <p>{t('loading')}</p>
    </div>
  );
}
