import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Modal } from './Modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open terms
      </button>
      <Modal open={open} title="Terms of Service" closeLabel="Close" onClose={() => setOpen(false)}>
        <p>Text</p>
        <a href="#x">A link</a>
      </Modal>
    </>
  );
}

function open() {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Open terms' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Modal', () => {
  it('is a labelled dialog that takes focus and locks scrolling', () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'Terms of Service' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('closes on Escape and gives focus and scrolling back', () => {
    const opener = open();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on a backdrop click but not on a click inside', () => {
    open();
    fireEvent.mouseDown(screen.getByText('Text'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with the close button', () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside the dialog', () => {
    open();
    const close = screen.getByRole('button', { name: 'Close' });
    const link = screen.getByRole('link', { name: 'A link' });
    link.focus();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Tab', shiftKey: true });
    expect(link).toHaveFocus();
  });
});
