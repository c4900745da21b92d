import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import i18next from 'i18next';
import { addNamespace, createI18n } from '@idv/i18n';
import { SHELL_EN, SHELL_ES } from '../i18n/shell-strings';
import { RuntimeConfigContext } from '../runtime-config/RuntimeConfigContext';
import { Layout } from './Layout';

const config = { apiBaseUrl: '/api', apiKey: 'k', supportContact: 'help@idv.example.com' };

beforeAll(async () => {
  await createI18n();
  addNamespace('shell', { en: SHELL_EN, es: SHELL_ES });
});

function renderAt(path: string) {
  return render(
    <RuntimeConfigContext.Provider value={config}>
      <MemoryRouter initialEntries={[path]}>
        <Layout>
          <p>content</p>
        </Layout>
      </MemoryRouter>
    </RuntimeConfigContext.Provider>,
  );
}

describe('header', () => {
  it('links the brand home and shows the session id on session routes only', () => {
    renderAt('/verify/7Q2X9T4K0W1M');
    expect(screen.getByRole('link', { name: /Identity Verification/ })).toHaveAttribute('href', '/');
    expect(screen.getByText('Identity Verification Session', { exact: false })).toHaveTextContent('7Q2X 9T4K 0W1M');
  });

  it('shows no session id on the landing page', () => {
    renderAt('/');
    expect(screen.queryByText('Identity Verification Session', { exact: false })).toBeNull();
  });

  it('switches language from the drop-down, keeps it, and sets <html lang>', async () => {
    renderAt('/');
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['🇬🇧 English', '🇪🇸 Español']);
    await act(async () => {
      fireEvent.change(select, { target: { value: 'es' } });
    });
    expect(screen.getByRole('button', { name: 'Política de Privacidad' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(document.title).toBe('Verificación de Identidad');
    expect(window.localStorage.getItem('i18nextLng')).toBe('es');
  });
});

describe('footer', () => {
  it('shows the current year', () => {
    renderAt('/');
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
  });

  it.each([
    ['Privacy Policy', 'Images are never stored'],
    ['Terms of Service', 'What a result means'],
  ])('opens %s in a modal with its real text (fetched on first opening), and closes it', async (button, heading) => {
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: button });
    expect(await within(dialog).findByRole('heading', { name: heading })).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens Support with the configured contact', async () => {
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Support' }));
    expect(within(await screen.findByRole('dialog', { name: 'Support' })).getByRole('link', { name: 'help@idv.example.com' })).toHaveAttribute(
      'href',
      'mailto:help@idv.example.com',
    );
  });

  it('has the policy texts in Spanish too', async () => {
    await act(() => i18next.changeLanguage('es'));
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Términos del Servicio' }));
    expect(await within(await screen.findByRole('dialog')).findByRole('heading', { name: 'Qué significa un resultado' })).toBeInTheDocument();
  });
});
