import { PolicyModal } from '@idv/ui';
import { SupportModal } from './SupportModal';

export type FooterDialogName = 'privacy' | 'terms' | 'support';

/**
 * The footer's dialogs, loaded the first time one is opened (the landing page does not carry the
 * dialog code, nor the policy texts, which PolicyModal fetches in turn).
 */
export default function FooterDialog({ open, onClose }: { open: FooterDialogName; onClose: () => void }) {
  return open === 'support' ? <SupportModal open onClose={onClose} /> : <PolicyModal policy={open} open onClose={onClose} />;
}
