import { addNamespace, createI18n } from '@idv/i18n';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { VERIFY_EN, VERIFY_ES } from '../../shared/verify-strings';
import { DocumentUpload } from './DocumentUpload';

/** A device whose only pointer is a finger (or not), as the `(hover: none) and (pointer: coarse)` query says. */
function deviceIsTouchOnly(touch: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: touch && query.includes('hover: none'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

beforeAll(async () => {
  await createI18n();
  addNamespace('verify', { en: VERIFY_EN, es: VERIFY_ES });
});

beforeEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

const upload = (value: { dataUrl: string; fileName: string } | null = null) =>
  render(<DocumentUpload label="ID document: front" value={value} onChange={() => undefined} />);

describe('DocumentUpload hints', () => {
  it('speaks of dragging and clicking where there is a mouse', () => {
    deviceIsTouchOnly(false);
    upload();
    expect(screen.getByText('Drag a photo here or click to choose one (JPEG, PNG or WebP, up to 10 MB).')).toBeInTheDocument();
  });

  it('says tap on a touch screen, where nothing is dragged, in both languages', async () => {
    deviceIsTouchOnly(true);
    const view = upload();
    expect(screen.getByText('Tap to take a photo of it or to choose one (JPEG, PNG or WebP, up to 10 MB).')).toBeInTheDocument();
    view.rerender(<DocumentUpload label="ID document: front" value={{ dataUrl: 'data:image/jpeg;base64,AAAA', fileName: 'front.jpg' }} onChange={() => undefined} />);
    expect(screen.getByText('Tap to replace it with another photo.')).toBeInTheDocument();
    await act(() => i18next.changeLanguage('es'));
    expect(screen.getByText('Toca para sustituirla por otra foto.')).toBeInTheDocument();
  });
});
