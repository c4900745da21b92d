import { PolicyModal } from '@idv/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "I accept the Terms of Service", the terms readable in a dialog. */
export function TermsCheckbox({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('session');
  const [open, setOpen] = useState(false);
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{t('terms.accept')}</label>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {t('terms.link')}
      </button>
      <PolicyModal policy="terms" open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
