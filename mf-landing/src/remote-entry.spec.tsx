import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import LandingModule from './remote-entry';

it('shows the landing page with links to create and join', () => {
  render(
    <MemoryRouter initialEntries={['/']}>
      <LandingModule />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Verify each other');
  expect(screen.getByRole('link', { name: 'Start verification' })).toHaveAttribute('href', '/create');
  expect(screen.getByRole('link', { name: 'Join a session' })).toHaveAttribute('href', '/join');
});
