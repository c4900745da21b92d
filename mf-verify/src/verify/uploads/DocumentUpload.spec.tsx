import { addNamespace, createI18n } from '@idv/i18n';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import i18next from 'i18next';
import { VERIFY_EN, VERIFY_ES } from '../../shared/verify-strings';
import { DocumentUpload } from './DocumentUpload';
import { documentPhotoAdvice } from './photo-guidance';

jest.mock('./photo-guidance', () => ({ documentPhotoAdvice: jest.fn(async () => []) }));
jest.mock('./prepare-image', () => ({ ...jest.requireActual('./prepare-image'), prepareImage: async () => 'data:image/jpeg;base64,AAAA' }));

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
    view.rerender(
      <DocumentUpload label="ID document: front" value={{ dataUrl: 'data:image/jpeg;base64,AAAA', fileName: 'front.jpg' }} onChange={() => undefined} />,
    );
    expect(screen.getByText('Tap to replace it with another photo.')).toBeInTheDocument();
    await act(() => i18next.changeLanguage('es'));
    expect(screen.getByText('Toca para sustituirla por otra foto.')).toBeInTheDocument();
  });
});

/** The upload with its value kept, as the form keeps it. */
function Upload() {
  const [value, setValue] = useState<{ dataUrl: string; fileName: string } | null>(null);
  return <DocumentUpload label="ID document: front" value={value} onChange={setValue} />;
}

describe('DocumentUpload guidance', () => {
  it('says what a photo looks like it needs, keeps it, and says nothing of one that looks fine', async () => {
    deviceIsTouchOnly(false);
    jest.mocked(documentPhotoAdvice).mockResolvedValueOnce(['blurry', 'small']);
    render(<Upload />);
    fireEvent.change(screen.getByLabelText('ID document: front'), { target: { files: [new File(['x'], 'front.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByText('This photo may be hard to read:')).toBeInTheDocument();
    expect(screen.getByText('It looks blurred: hold the phone still and let it focus before you take it.')).toBeInTheDocument();
    expect(screen.getByText('The document looks small: come closer, so that it fills most of the photo.')).toBeInTheDocument();
    expect(screen.getByText('front.jpg: uploaded and ready')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('ID document: front'), { target: { files: [new File(['x'], 'again.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByText('again.jpg: uploaded and ready')).toBeInTheDocument();
    expect(screen.queryByText('This photo may be hard to read:')).not.toBeInTheDocument();
  });
});
