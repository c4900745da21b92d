import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import SessionModule from './remote-entry';

it.each([
  ['/create', 'Create a verification session'],
  ['/join', 'Join a session'],
  ['/session/ABCDEFGHJKMN', 'Your session'],
])('renders %s', (path, heading) => {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SessionModule />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
});
