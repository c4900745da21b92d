import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from './LanguageSelect';
import { groupedSessionId } from '@idv/contracts';
import { sessionIdFromPath } from './session-id-from-path';

export function Header() {
  const { t } = useTranslation('shell');
  const sessionId = sessionIdFromPath(useLocation().pathname);
  const brand = t('brand');
  // The tab's title in the page's language (the HTML file's is English until the app starts).
  useEffect(() => {
    document.title = brand;
  }, [brand]);
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <div>
          <Link to="/" className="brand">
            <span aria-hidden="true" className="brand-mark">
              ✓
            </span>{' '}
            {t('brand')}
          </Link>
          {sessionId && (
            <p className="session-label">
              {t('sessionLabel')}: <code>{groupedSessionId(sessionId)}</code>
            </p>
          )}
        </div>
        <LanguageSelect />
      </div>
    </header>
  );
}
