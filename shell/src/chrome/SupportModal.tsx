import { Modal } from '@idv/ui';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../runtime-config/RuntimeConfigContext';

/** The support contact from the deploy-time configuration. */
export function SupportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const { supportContact } = useRuntimeConfig();
  const isEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(supportContact);
  return (
    <Modal open={open} title={t('support.title', { ns: 'shell' })} closeLabel={t('close', { ns: 'common' })} onClose={onClose}>
      <p>{t('support.body', { ns: 'shell' })}</p>
      <p>
        {t('support.contact', { ns: 'shell' })}: {isEmail ? <a href={`mailto:${supportContact}`}>{supportContact}</a> : <span>{supportContact}</span>}
      </p>
    </Modal>
  );
}
