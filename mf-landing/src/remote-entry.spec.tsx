import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import i18next from 'i18next';
import { createI18n } from '@idv/i18n';

let LandingModule: typeof import('./remote-entry').default;

beforeAll(async () => {
  await createI18n();
  LandingModule = (await import('./remote-entry')).default;
});

function renderLanding() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <LandingModule />
    </MemoryRouter>,
  );
}

describe('landing page', () => {
  it('has the hero, four features, three steps and a closing call to action', async () => {
    await act(() => i18next.changeLanguage('en'));
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Know who you are dealing with');
    expect(screen.getAllByRole('link', { name: 'Start verification' }).map((a) => a.getAttribute('href'))).toEqual(['/create', '/create']);
    expect(screen.getByRole('link', { name: 'Join a session' })).toHaveAttribute('href', '/join');
    const [features, steps] = screen.getAllByRole('list');
    expect(features.querySelectorAll('li')).toHaveLength(4);
    expect(steps.querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Ready to verify?' })).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await act(() => i18next.changeLanguage('es'));
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sabe con quién estás tratando');
    expect(screen.getByRole('link', { name: 'Unirse a una sesión' })).toHaveAttribute('href', '/join');
  });
});
