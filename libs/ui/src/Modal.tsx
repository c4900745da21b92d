import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  title: string;
  /** Accessible name of the close button, in the page's language. */
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog: closes on Escape, a click on the backdrop or the close button; locks page scrolling
 * while open; moves focus in, keeps Tab inside, and gives focus back to where it was on close.
 */
export function Modal(props: ModalProps) {
  return props.open ? createPortal(<Dialog {...props} />, document.body) : null;
}

function Dialog({ title, closeLabel, onClose, children }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const first = dialog.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog.current)?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      previouslyFocused?.focus?.();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="idv-modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} className="idv-modal" tabIndex={-1} onKeyDown={onKeyDown}>
        <div className="idv-modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="idv-modal-close" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
        <div className="idv-modal-body">{children}</div>
      </div>
    </div>
  );
}
