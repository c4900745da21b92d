import type { ParticipantView, SessionView } from '@idv/contracts';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/** Renders the remote at a path (after createI18n: the remote adds its strings as it loads), with a probe that shows where navigation led. */
export function renderRoute(path: string) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const VerifyModule = (require('../remote-entry') as typeof import('../remote-entry')).default;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<VerifyModule />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

export function sessionView(overrides: Partial<SessionView> = {}): SessionView {
  return {
    _id: 'ABCDEFGHJKMN',
    initiator: 'Ana Pérez',
    initiatorParticipantId: 'p-ana',
    participants: [
      { _id: 'p-ana', name: 'Ana Pérez', email: 'a***@e***.com', status: 'pending', claimed: true },
      { _id: 'p-bo', name: 'Bo Li', email: 'b***@e***.com', status: 'pending', claimed: false },
    ],
    purpose: 'Selling a car',
    status: 'waiting_for_participants',
    shareableUrl: 'http://127.0.0.1/invite/ABCDEFGHJKMN',
    isCancelled: false,
    createdAt: '2026-11-22T10:00:00.000Z',
    expiresAt: '2026-11-29T10:00:00.000Z',
    ...overrides,
  };
}

type ParticipantState = Omit<Partial<ParticipantView>, '_id' | 'name' | 'email'>;

/** Ana, the initiator, as a session shows her: claimed, and in the state the test gives. */
export const ana = (state: ParticipantState = {}): ParticipantView => ({
  _id: 'p-ana',
  name: 'Ana Pérez',
  email: 'a',
  status: 'pending',
  claimed: true,
  ...state,
});

/** Bo, the invited participant, as a session shows him: claimed, and in the state the test gives. */
export const bo = (state: ParticipantState = {}): ParticipantView => ({ _id: 'p-bo', name: 'Bo Li', email: 'b', status: 'pending', claimed: true, ...state });
