import { createI18n } from '@idv/i18n';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

let SessionModule: typeof import('../remote-entry').default;

beforeAll(async () => {
  await createI18n();
  SessionModule = (await import('../remote-entry')).default;
});

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

const renderJoin = () =>
  render(
    <MemoryRouter initialEntries={['/join']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <SessionModule />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

const join = (code: string) => {
  fireEvent.change(screen.getByLabelText('Session code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
};

describe('join', () => {
  it('says on the form that a code is not a session code, and stays there', () => {
    renderJoin();
    join('abc');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid session code. Please check and try again.');
    expect(screen.getByLabelText('Session code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('path')).toHaveTextContent('/join');
  });

  it('asks for a code when the field is empty', () => {
    renderJoin();
    join('   ');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a session code');
  });

  it('opens the invitation of a code written as people write it (groups, lower case, O for 0)', () => {
    renderJoin();
    join('7q2x-9t4k-oW1m');
    expect(screen.getByLabelText('path')).toHaveTextContent('/invite/7Q2X9T4K0W1M');
  });

  it('says it in Spanish', async () => {
    renderJoin();
    await act(() => i18next.changeLanguage('es'));
    fireEvent.change(screen.getByLabelText('Código de sesión'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unirse' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Código de sesión no válido. Por favor, compruébalo e inténtalo de nuevo.');
  });
});
