import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FooterDialogName } from './FooterDialog';

const FooterDialog = lazy(() => import('./FooterDialog'));

type Open = FooterDialogName | null;

export function Footer() {
  const { t } = useTranslation(['shell', 'common']);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <nav aria-label={t('policies.terms', { ns: 'common' })} className="footer-links">
          <button type="button" onClick={() => setOpen('privacy')}>
            {t('policies.privacy', { ns: 'common' })}
          </button>
          <button type="button" onClick={() => setOpen('terms')}>
            {t('policies.terms', { ns: 'common' })}
          </button>
          <button type="button" onClick={() => setOpen('support')}>
            {t('footer.support')}
          </button>
        </nav>
      </div>
      {open && (
        <Suspense fallback={null}>
          <FooterDialog key={open} open={open} onClose={close} />
        </Suspense>
      )}
    </footer>
  );
}
