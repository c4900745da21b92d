import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PolicyModal } from '@idv/ui';
import { SupportModal } from './SupportModal';

type Open = 'privacy' | 'terms' | 'support' | null;

export function Footer() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <nav aria-label={t('footer.terms')} className="footer-links">
          <button type="button" onClick={() => setOpen('privacy')}>
            {t('footer.privacy')}
          </button>
          <button type="button" onClick={() => setOpen('terms')}>
            {t('footer.terms')}
          </button>
          <button type="button" onClick={() => setOpen('support')}>
            {t('footer.support')}
          </button>
        </nav>
      </div>
      <PolicyModal policy="privacy" open={open === 'privacy'} onClose={close} />
      <PolicyModal policy="terms" open={open === 'terms'} onClose={close} />
      <SupportModal open={open === 'support'} onClose={close} />
    </footer>
  );
}
