import { createI18n } from '@idv/i18n';
import { api, sessionStore } from '@idv/api-client';
import { act, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { renderRoute, sessionView, ana, bo } from '../testing/render-route';

const ID = 'ABCDEFGHJKMN';
const wrongName = { decidedAt: '2026-11-22T10:01:00.000Z', reasons: [{ code: 'name_mismatch' as const, retryable: true }] };

beforeAll(() => createI18n());

const boFailed = (attemptsLeft: number) =>
  sessionView({
    status: 'in_progress',
    participants: [
      ana({ status: 'pending', attempt: 0, attemptsLeft: 3 }),
      bo({ status: 'failed', result: wrongName, attempt: 3 - attemptsLeft, attemptsLeft }),
    ],
  });

describe('waiting', () => {
  it('lists badges and moves to results once everyone has submitted or is final', async () => {
    jest.useFakeTimers();
    try {
      jest
        .spyOn(api, 'getSession')
        .mockResolvedValueOnce(
          sessionView({
            participants: [ana({ status: 'submitted' }), bo()],
          }),
        )
        .mockResolvedValue(
          sessionView({
            participants: [ana({ status: 'submitted' }), bo({ status: 'declined' })],
          }),
        );
      renderRoute(`/waiting/${ID}`);
      expect(await screen.findByText('Waiting for the other participants')).toBeInTheDocument();
      expect(screen.getByText('Submitted')).toHaveClass('status-submitted');
      expect(screen.getByText('Accepted')).toHaveClass('status-accepted');
      expect(screen.getByText(/^Last checked:/)).toBeInTheDocument();
      // Cancel goes home, and says that it cancels nothing.
      expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAccessibleDescription(
        'Cancel only leaves this page: your verification goes on, and this page’s link brings you back to it and to the results.',
      );
      await act(() => jest.advanceTimersByTimeAsync(3000));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/results/${ID}`));
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows this tab its own failure at once, with the reason and "Try again", while the others have not submitted', async () => {
    sessionStore.setChosenParticipant(ID, { _id: 'p-bo', name: 'Bo Li' });
    sessionStore.setParticipantToken(ID, 'p-bo', 'tok-bo');
    jest.spyOn(api, 'getSession').mockResolvedValue(boFailed(2));
    renderRoute(`/waiting/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Your result' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Waiting for the other participants' })).toBeInTheDocument();
    expect(screen.getByText('The name typed does not match the name on the document.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', `/verify/${ID}`);
    await act(() => i18next.changeLanguage('es'));
    expect(screen.getByRole('heading', { name: 'Tu resultado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Intentarlo de nuevo' })).toBeInTheDocument();
  });

  it("shows no result for another participant's failure, nor one of a place this tab does not hold", async () => {
    sessionStore.setChosenParticipant(ID, { _id: 'p-bo', name: 'Bo Li' });
    jest.spyOn(api, 'getSession').mockResolvedValue(boFailed(2));
    renderRoute(`/waiting/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Waiting for the other participants' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your result' })).not.toBeInTheDocument();
  });
});
