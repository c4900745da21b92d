import { useState } from 'react';
import { PolicyModal } from './PolicyModal';

/**
 * "I accept the Terms of Service", the terms readable in a dialog. The labels come from the screen
 * that shows it (each remote has its own strings).
 */
export function TermsCheckbox({
  id,
  checked,
  onChange,
  label,
  linkLabel,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  linkLabel: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {linkLabel}
      </button>
      <PolicyModal policy="terms" open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
