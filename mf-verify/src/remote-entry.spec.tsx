import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import VerifyModule from './remote-entry';

it.each([
  ['/verify/ABCDEFGHJKMN', 'Verify your identity'],
  ['/waiting/ABCDEFGHJKMN', 'Waiting for the others'],
  ['/results/ABCDEFGHJKMN', 'Results'],
])('renders %s', (path, heading) => {
  render(
    <MemoryRouter initialEntries={[path]}>
      <VerifyModule />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
});
