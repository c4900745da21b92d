import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadLegalStrings } from '@idv/i18n';
import { Modal } from './Modal';

interface Section {
  heading: string;
  text: string;
}

type Texts = 'loading' | 'ready' | 'failed';

/**
 * The Privacy Policy or the Terms of Service, in the page's language. Their texts (namespace
 * `legal`) are fetched the first time one is opened, so the landing page does not carry them.
 */
export function PolicyModal({ policy, open, onClose }: { policy: 'privacy' | 'terms'; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation(['legal', 'common']);
  const [texts, setTexts] = useState<Texts>(() => (i18n.hasResourceBundle(i18n.language, 'legal') ? 'ready' : 'loading'));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return;
    let current = true;
    loadLegalStrings().then(
      () => current && setTexts('ready'),
      () => current && setTexts('failed'),
    );
    return () => {
      current = false;
    };
  }, [open, attempt]);

  const sections = texts === 'ready' ? (t(`${policy}.sections`, { ns: 'legal', returnObjects: true }) as Section[]) : [];
  return (
    <Modal open={open} title={t(`policies.${policy}`, { ns: 'common' })} closeLabel={t('close', { ns: 'common' })} onClose={onClose}>
      {texts === 'loading' && <p role="status">{t('loading', { ns: 'common' })}</p>}
      {texts === 'failed' && (
        <p role="alert">
          {t('errors.remoteUnavailable', { ns: 'common' })}{' '}
          <button
            type="button"
            onClick={() => {
              setTexts('loading');
              setAttempt((n) => n + 1);
            }}
          >
            {t('retry', { ns: 'common' })}
          </button>
        </p>
      )}
      {sections.map((section) => (
        <section key={section.heading}>
          <h3>{section.heading}</h3>
          <p>{section.text}</p>
        </section>
      ))}
    </Modal>
  );
}
