import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';

interface Section {
  heading: string;
  text: string;
}

/** The Privacy Policy or the Terms of Service (namespace `legal`), in the page's language. */
export function PolicyModal({ policy, open, onClose }: { policy: 'privacy' | 'terms'; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['legal', 'common']);
  const sections = t(`${policy}.sections`, { ns: 'legal', returnObjects: true }) as Section[];
  return (
    <Modal open={open} title={t(`${policy}.title`, { ns: 'legal' })} closeLabel={t('close', { ns: 'common' })} onClose={onClose}>
      {sections.map((section) => (
        <section key={section.heading}>
          <h3>{section.heading}</h3>
          <p>{section.text}</p>
        </section>
      ))}
    </Modal>
  );
}
