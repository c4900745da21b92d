import { commonErrorKey } from '@idv/api-client';
import { useTranslation } from 'react-i18next';

/** A failed load, said plainly, with Retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="notice notice-error">
      <p>
        {t('errors.loadFailed')} {t(commonErrorKey(error))}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
