import { createI18n } from '@idv/i18n';
import { api, sessionStore } from '@idv/api-client';
import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { renderRoute, sessionView, ana, bo } from '../testing/render-route';

const ID = 'ABCDEFGHJKMN';
const verified = { decidedAt: '2026-11-22T10:01:00.000Z', reasons: [] };
const faceMismatch = { decidedAt: '2026-11-22T10:01:00.000Z', reasons: [{ code: 'face_mismatch' as const, retryable: true }] };
/** Ana verified; Bo failed for a reason trying again can fix, with 2 attempts left. */
const boFailedWithAttemptsLeft = sessionView({
  status: 'failed',
  participants: [
    ana({ status: 'verified', result: verified, attempt: 1, attemptsLeft: 2 }),
    bo({ status: 'failed', result: faceMismatch, attempt: 1, attemptsLeft: 2 }),
  ],
});

beforeAll(() => createI18n());

describe('results', () => {
  it('shows overall failure, each label, and the public reason in the viewer’s language', async () => {
    jest.spyOn(api, 'getSession').mockResolvedValue(
      sessionView({
        status: 'failed',
        participants: [ana({ status: 'verified', result: verified }), bo({ status: 'failed', result: faceMismatch })],
      }),
    );
    renderRoute(`/results/${ID}`);
    expect(await screen.findByText('Verification not successful')).toBeInTheDocument();
    expect(screen.getByText('The selfie does not match the photo on the document.')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    await act(() => i18next.changeLanguage('es'));
    expect(screen.getByText('El selfi no coincide con la foto del documento.')).toBeInTheDocument();
    expect(screen.getByText('Fallida')).toBeInTheDocument();
  });

  it('does not call a failure final while the person may still try again: it names who can, and the status says not final yet', async () => {
    jest.spyOn(api, 'getSession').mockResolvedValue(boFailedWithAttemptsLeft);
    renderRoute(`/results/${ID}`);
    expect(await screen.findByText('Not final yet: Bo Li can still try again. This page updates by itself.')).toBeInTheDocument();
    expect(screen.queryByText('Verification not successful')).not.toBeInTheDocument();
    expect(screen.getByText(/\(not final yet\)/)).toBeInTheDocument();
    await act(() => i18next.changeLanguage('es'));
    expect(screen.getByText('Aún no es definitivo: hay quien todavía puede intentarlo de nuevo (Bo Li). Esta página se actualiza sola.')).toBeInTheDocument();
  });

  it('offers the viewer "Try again" for their own retryable failure, with what to do differently; others see that it can be fixed', async () => {
    sessionStore.setChosenParticipant(ID, { _id: 'p-bo', name: 'Bo Li' });
    sessionStore.setParticipantToken(ID, 'p-bo', 'tok-bo');
    jest.spyOn(api, 'getSession').mockResolvedValue(boFailedWithAttemptsLeft);
    renderRoute(`/results/${ID}`);
    const tryAgain = await screen.findByRole('link', { name: 'Try again' });
    expect(tryAgain).toHaveAttribute('href', `/verify/${ID}`);
    expect(screen.getByText('Attempts left: 2')).toBeInTheDocument();
    expect(screen.getByText('Take the selfie facing the camera, in good light, without glasses, hat or mask.')).toBeInTheDocument();
    await act(() => i18next.changeLanguage('es'));
    expect(screen.getByRole('link', { name: 'Intentarlo de nuevo' })).toBeInTheDocument();
    expect(screen.getByText('Hazte el selfi mirando a la cámara, con buena luz, sin gafas, gorra ni mascarilla.')).toBeInTheDocument();
  });

  it('shows no retry to anyone else, none once the attempts are spent, and a retry in progress as its attempt', async () => {
    sessionStore.setChosenParticipant(ID, { _id: 'p-ana', name: 'Ana Pérez' });
    sessionStore.setParticipantToken(ID, 'p-ana', 'tok-ana');
    const load = jest.spyOn(api, 'getSession').mockResolvedValue(
      sessionView({
        status: 'failed',
        participants: [
          ana({ status: 'failed', result: faceMismatch, attempt: 3, attemptsLeft: 0 }),
          bo({ status: 'failed', result: faceMismatch, attempt: 1, attemptsLeft: 2 }),
        ],
      }),
    );
    const { unmount } = renderRoute(`/results/${ID}`);
    expect(await screen.findByText('No attempts are left in this session.')).toBeInTheDocument();
    expect(screen.getByText('This can be fixed by trying again.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
    unmount();

    load.mockResolvedValue(
      sessionView({
        status: 'in_progress',
        participants: [ana({ status: 'verified', result: verified, attempt: 1, attemptsLeft: 2 }), bo({ status: 'submitted', attempt: 2, attemptsLeft: 1 })],
      }),
    );
    renderRoute(`/results/${ID}`);
    expect(await screen.findByText('Trying again (attempt 2 of 3)')).toBeInTheDocument();
  });

  it('opened while someone has not submitted: says who is still awaited, no overall outcome yet', async () => {
    jest.spyOn(api, 'getSession').mockResolvedValue(
      sessionView({
        status: 'in_progress',
        participants: [ana({ status: 'verified', result: verified }), bo()],
      }),
    );
    renderRoute(`/results/${ID}`);
    expect(await screen.findByText('Still waiting for: Bo Li. This page updates by itself.')).toBeInTheDocument();
    expect(screen.queryByText('Verification not successful')).not.toBeInTheDocument();
  });

  it('shows success exactly when the session is completed', async () => {
    jest.spyOn(api, 'getSession').mockResolvedValue(
      sessionView({
        status: 'completed',
        participants: [ana({ status: 'verified', result: verified }), bo({ status: 'verified', result: verified })],
      }),
    );
    renderRoute(`/results/${ID}`);
    expect(await screen.findByText('Verification successful')).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
  });

  it('without its live stream, re-reads every 3 s while a participant is still submitted, then stops', async () => {
    jest.useFakeTimers();
    try {
      jest.spyOn(api, 'watchSession').mockImplementation((_id, _token, handlers) => (handlers.onState?.('down'), () => undefined));
      const load = jest
        .spyOn(api, 'getSession')
        .mockResolvedValueOnce(sessionView({ status: 'in_progress', participants: [ana({ status: 'submitted' })] }))
        .mockResolvedValue(
          sessionView({
            status: 'failed',
            participants: [ana({ status: 'failed', result: faceMismatch })],
          }),
        );
      renderRoute(`/results/${ID}`);
      expect(await screen.findByText('Some checks are still running. This page updates by itself.')).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(2000));
      expect(load).toHaveBeenCalledTimes(1);
      await act(() => jest.advanceTimersByTimeAsync(1000));
      expect(await screen.findByText('Verification not successful')).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(9000));
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows a result from the live stream at once, and polls nothing while the stream is open', async () => {
    jest.useFakeTimers();
    try {
      let handlers: Parameters<typeof api.watchSession>[2] | undefined;
      const stop = jest.fn();
      jest.spyOn(api, 'watchSession').mockImplementation((_id, _token, given) => ((handlers = given), stop));
      const load = jest.spyOn(api, 'getSession').mockResolvedValue(sessionView({ status: 'in_progress', participants: [ana({ status: 'submitted' })] }));
      const { unmount } = renderRoute(`/results/${ID}`);
      expect(await screen.findByText('Some checks are still running. This page updates by itself.')).toBeInTheDocument();
      act(() => handlers?.onState?.('open'));
      await act(() => jest.advanceTimersByTimeAsync(10000));
      expect(load).toHaveBeenCalledTimes(1);
      act(() =>
        handlers?.onSession(
          sessionView({
            status: 'failed',
            participants: [ana({ status: 'failed', result: faceMismatch })],
          }),
        ),
      );
      expect(await screen.findByText('Verification not successful')).toBeInTheDocument();
      unmount();
      expect(stop).toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the cancelled view; the participant list only to the initiator', async () => {
    const cancelled = sessionView({ status: 'cancelled', isCancelled: true, cancelReason: 'Cancelled by initiator' });
    jest.spyOn(api, 'getSession').mockResolvedValue(cancelled);
    const { unmount } = renderRoute(`/results/${ID}`);
    expect(await screen.findByText('Session cancelled')).toBeInTheDocument();
    expect(screen.getByText('Reason: Cancelled by initiator')).toBeInTheDocument();
    expect(screen.queryByText('Bo Li')).toBeNull();
    unmount();
    sessionStore.setInitiatorToken(ID, 'tok-ana');
    renderRoute(`/results/${ID}`);
    expect(await screen.findByText('Bo Li')).toBeInTheDocument();
  });
});
