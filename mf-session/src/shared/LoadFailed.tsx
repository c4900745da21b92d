import { commonErrorKey } from '@idv/api-client';
import { useTranslation } from 'react-i18next';

/** A failed load, said plainly, with Retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['session', 'common']);
  return (
    <div role="alert" className="notice notice-error">
      <p>
        {t('load.failed', { ns: 'session' })} {t(commonErrorKey(error))}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        {t('retry', { ns: 'common' })}
      </button>
    </div>
  );
}
