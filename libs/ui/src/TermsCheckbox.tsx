import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PolicyModal } from './PolicyModal';

/**
 * "I accept the Terms of Service", the terms readable in a dialog: the same words wherever a person takes their place
 * (creating a session, accepting an invitation, choosing themselves on the verify page), from the `claim` namespace.
 */
export function TermsCheckbox({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('claim');
  const [open, setOpen] = useState(false);
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{t('termsAccept')}</label>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {t('termsLink')}
      </button>
      <PolicyModal policy="terms" open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
