import { ApiCallError, api } from '@idv/api-client';
import { createI18n } from '@idv/i18n';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

let SessionModule: typeof import('../remote-entry').default;

beforeAll(async () => {
  await createI18n();
  SessionModule = (await import('../remote-entry')).default;
});

const renderRejected = () =>
  render(
    <MemoryRouter initialEntries={['/rejected/ABCDEFGHJKMN']}>
      <Routes>
        <Route path="*" element={<SessionModule />} />
      </Routes>
    </MemoryRouter>,
  );

describe('rejected', () => {
  it('says the session does not exist instead of confirming a decline nobody made', async () => {
    jest.spyOn(api, 'getSession').mockRejectedValue(new ApiCallError('session_not_found', 404, 'Session not found or expired.'));
    renderRejected();
    expect(await screen.findByText('Session not found or expired.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invitation declined' })).not.toBeInTheDocument();
  });

  it('keeps the confirmation when the session could not be checked for another reason', async () => {
    jest.spyOn(api, 'getSession').mockRejectedValue(new ApiCallError('network', 0, 'offline'));
    renderRejected();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Session not found or expired.')).not.toBeInTheDocument();
  });
});
