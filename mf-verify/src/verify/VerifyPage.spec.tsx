import { createI18n } from '@idv/i18n';
import { ApiCallError, api, sessionStore } from '@idv/api-client';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { renderRoute, sessionView, ana, bo } from '../testing/render-route';
import { forgetAnswers } from './kept-answers';

jest.mock('./uploads/prepare-image', () => ({
  ...jest.requireActual('./uploads/prepare-image'),
  prepareImage: async (file: File) => {
    const { fileProblem, ImageRejected } = jest.requireActual('./uploads/prepare-image');
    const problem = fileProblem(file);
    if (problem) throw new ImageRejected(problem);
    return 'data:image/jpeg;base64,AAAA';
  },
}));

const ID = 'ABCDEFGHJKMN';
const jpeg = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

beforeAll(() => createI18n());
beforeEach(() => forgetAnswers(ID, 'p-bo'));

async function fillForm() {
  fireEvent.change(screen.getByLabelText('Your full legal name'), { target: { value: 'Bo Li' } });
  fireEvent.change(screen.getByLabelText('ID document: front'), { target: { files: [jpeg('front.jpg')] } });
  fireEvent.change(screen.getByLabelText('ID document: back'), { target: { files: [jpeg('back.jpg')] } });
  await screen.findByText('back.jpg: uploaded and ready');
  // jsdom has no camera: the inline error says so, and a photo can be uploaded instead.
  fireEvent.click(screen.getByRole('button', { name: 'Take selfie' }));
  expect(await screen.findByText('Camera not supported. Please try another browser.')).toBeInTheDocument();
  // The app's own button opens the file picker (a bare file input is drawn by the browser, in its language).
  const picker = screen.getByLabelText('Upload a photo instead') as HTMLInputElement;
  const opened = jest.spyOn(picker, 'click');
  fireEvent.click(screen.getByRole('button', { name: 'Upload a photo instead: Choose a photo' }));
  expect(opened).toHaveBeenCalled();
  fireEvent.change(picker, { target: { files: [jpeg('me.jpg')] } });
  // An uploaded photo is shown as it is (only the camera's live view and its pictures are mirrored).
  expect(await screen.findByRole('img', { name: 'Your selfie' })).not.toHaveClass('selfie-mirrored');
}

describe('verify', () => {
  it('shows the picker when this tab has chosen nobody, asks for the e-mail address and the terms, and claims the chosen place with them', async () => {
    jest.spyOn(api, 'getSession').mockResolvedValue(sessionView());
    const claim = jest.spyOn(api, 'claimParticipant').mockResolvedValue({ participantToken: 'tok-bo' });
    renderRoute(`/verify/${ID}`);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Bo Li · b***@e***.com' }));
    expect(await screen.findByText('Please enter the e-mail address the initiator entered for you.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Your e-mail address'), { target: { value: ' bo@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bo Li · b***@e***.com' }));
    expect(await screen.findByText('Please accept the Terms of Service to continue.')).toBeInTheDocument();
    expect(claim).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('I accept the'));
    fireEvent.click(screen.getByRole('button', { name: 'Bo Li · b***@e***.com' }));
    expect(await screen.findByText('Verifying as Bo Li')).toBeInTheDocument();
    expect(claim).toHaveBeenCalledWith(ID, 'p-bo', { email: 'bo@example.com', termsAccepted: true }, undefined);
    expect(sessionStore.participantToken(ID, 'p-bo')).toBe('tok-bo');
    expect(sessionStore.chosenParticipant(ID)).toEqual({ _id: 'p-bo', name: 'Bo Li' });
  });

  it('says so when the e-mail address is not the one of the place, and when too many wrong ones keep this browser from it, in Spanish too', async () => {
    jest.spyOn(api, 'getSession').mockResolvedValue(sessionView());
    jest
      .spyOn(api, 'claimParticipant')
      .mockRejectedValueOnce(new ApiCallError('email_mismatch', 403, 'not the address'))
      .mockRejectedValueOnce(new ApiCallError('place_locked', 423, 'too many from this client'))
      .mockRejectedValueOnce(new ApiCallError('place_locked', 423, 'too many from this client'));
    renderRoute(`/verify/${ID}`);
    fireEvent.change(await screen.findByLabelText('Your e-mail address'), { target: { value: 'guess@example.com' } });
    fireEvent.click(screen.getByLabelText('I accept the'));
    fireEvent.click(screen.getByRole('button', { name: 'Bo Li · b***@e***.com' }));
    expect(await screen.findByText(/This is not the e-mail address the initiator entered for this participant/)).toBeInTheDocument();
    expect(sessionStore.participantToken(ID, 'p-bo')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Bo Li · b***@e***.com' }));
    expect(await screen.findByText(/cannot be chosen from here for up to an hour/)).toBeInTheDocument();
    // The message is written when the answer comes, in the page's language at that time.
    await act(() => i18next.changeLanguage('es'));
    fireEvent.click(screen.getByRole('button', { name: 'Bo Li · b***@e***.com' }));
    expect(await screen.findByText(/no se puede elegir desde aquí durante un máximo de una hora/)).toBeInTheDocument();
  });

  it('keeps submit disabled until name, both sides and a selfie are present, then submits and goes to waiting', async () => {
    sessionStore.setChosenParticipant(ID, { _id: 'p-bo', name: 'Bo Li' });
    sessionStore.setParticipantToken(ID, 'p-bo', 'tok-bo');
    jest.spyOn(api, 'getSession').mockResolvedValue(sessionView());
    const submit = jest.spyOn(api, 'submitVerification').mockResolvedValue({ accepted: true });
    renderRoute(`/verify/${ID}`);
    const button = await screen.findByRole('button', { name: 'Submit verification' });
    expect(button).toBeDisabled();
    await fillForm();
    expect(button).toBeEnabled();
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/waiting/${ID}`));
    expect(submit).toHaveBeenCalledWith(ID, 'p-bo', expect.objectContaining({ realName: 'Bo Li', proofOfLife: '' }), 'tok-bo');
  });

  it('offers the form again, as the next attempt, after a retryable failure; a final failure goes to waiting', async () => {
    sessionStore.setChosenParticipant(ID, { _id: 'p-bo', name: 'Bo Li' });
    sessionStore.setParticipantToken(ID, 'p-bo', 'tok-bo');
    const failedBo = (code: 'face_mismatch' | 'document_expired', retryable: boolean) =>
      sessionView({
        status: 'failed',
        participants: [
          ana({ status: 'verified', attempt: 1, attemptsLeft: 2 }),
          bo({ status: 'failed', attempt: 1, attemptsLeft: 2, result: { decidedAt: '2026-11-22T10:01:00.000Z', reasons: [{ code, retryable }] } }),
        ],
      });
    jest.spyOn(api, 'getSession').mockResolvedValue(failedBo('face_mismatch', true));
    const submit = jest.spyOn(api, 'submitVerification').mockResolvedValue({ accepted: true });
    const { unmount } = renderRoute(`/verify/${ID}`);
    expect(await screen.findByText('Attempt 2 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject invitation' })).not.toBeInTheDocument();
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit verification' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/waiting/${ID}`));
    expect(submit).toHaveBeenCalledWith(ID, 'p-bo', expect.anything(), 'tok-bo');
    unmount();

    jest.spyOn(api, 'getSession').mockResolvedValue(failedBo('document_expired', false));
    renderRoute(`/verify/${ID}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/waiting/${ID}`));
  });

  it('tries again with only what failed: after a wrong name the photos are kept and only the name is asked for', async () => {
    sessionStore.setChosenParticipant(ID, { _id: 'p-bo', name: 'Bo Li' });
    sessionStore.setParticipantToken(ID, 'p-bo', 'tok-bo');
    jest.spyOn(api, 'getSession').mockResolvedValue(
      sessionView({
        participants: [ana(), bo()],
      }),
    );
    const submit = jest.spyOn(api, 'submitVerification').mockResolvedValue({ accepted: true });
    const first = renderRoute(`/verify/${ID}`);
    await screen.findByLabelText('Your full legal name');
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit verification' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/waiting/${ID}`));
    first.unmount();

    // The check says the typed name does not match the document.
    const wrongName = { decidedAt: '2026-11-22T10:01:00.000Z', reasons: [{ code: 'name_mismatch' as const, retryable: true }] };
    jest.spyOn(api, 'getSession').mockResolvedValue(
      sessionView({
        participants: [ana(), bo({ status: 'failed', attempt: 1, attemptsLeft: 2, result: wrongName })],
      }),
    );
    renderRoute(`/verify/${ID}`);
    expect(await screen.findByText('Attempt 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('Kept from your last attempt: the document photos, the selfie.')).toBeInTheDocument();
    expect(screen.getByText('Give again: your name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your full legal name')).toHaveValue('');
    expect(screen.getByText('front.jpg: uploaded and ready')).toBeInTheDocument();
    expect(screen.getByText('back.jpg: uploaded and ready')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your selfie' })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Submit verification' });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Your full legal name'), { target: { value: 'Bo Li Wei' } });
    expect(send).toBeEnabled();
    fireEvent.click(send);
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2));
    expect(submit).toHaveBeenLastCalledWith(
      ID,
      'p-bo',
      expect.objectContaining({ realName: 'Bo Li Wei', idDocumentFront: 'data:image/jpeg;base64,AAAA', proofOfLife: '' }),
      'tok-bo',
    );
  });

  it.each([
    [
      'its head-turn challenge expired',
      new ApiCallError('liveness_challenge_invalid', 410, 'expired'),
      /^Your selfie was taken too long ago to be checked\. Please retake it and submit again\.$/,
    ],
    // where liveness is enforced, an uploaded selfie: the camera, or the phone through the handoff on the same form
    [
      'it needs the camera (liveness enforced)',
      new ApiCallError('liveness_capture_required', 422, 'capture required'),
      /^Your selfie must be taken with the camera, following the head turns/,
    ],
  ])(
    'clears the selfie and asks for it again when the server says %s; the rest of the form stays, and the way to another device',
    async (_why, refusal, message) => {
      sessionStore.setChosenParticipant(ID, { _id: 'p-bo', name: 'Bo Li' });
      sessionStore.setParticipantToken(ID, 'p-bo', 'tok-bo');
      jest.spyOn(api, 'getSession').mockResolvedValue(sessionView());
      jest.spyOn(api, 'submitVerification').mockRejectedValue(refusal);
      renderRoute(`/verify/${ID}`);
      await screen.findByRole('button', { name: 'Submit verification' });
      await fillForm();
      fireEvent.click(screen.getByRole('button', { name: 'Submit verification' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: 'Your selfie' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Take selfie' })).toBeEnabled();
      expect(screen.getByRole('button', { name: /Continue on another device/ })).toBeEnabled();
      expect(screen.getByText('back.jpg: uploaded and ready')).toBeInTheDocument();
      expect(screen.getByLabelText('Your full legal name')).toHaveValue('Bo Li');
    },
  );

  it('says why a file is refused', async () => {
    sessionStore.setChosenParticipant(ID, { _id: 'p-bo', name: 'Bo Li' });
    jest.spyOn(api, 'getSession').mockResolvedValue(sessionView());
    renderRoute(`/verify/${ID}`);
    fireEvent.change(await screen.findByLabelText('ID document: front'), { target: { files: [new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Invalid file type. Please select a valid document.')).toBeInTheDocument();
  });

  it('lands on results, silently, when the server says the session was cancelled', async () => {
    sessionStore.setChosenParticipant(ID, { _id: 'p-bo', name: 'Bo Li' });
    jest.spyOn(api, 'getSession').mockResolvedValue(sessionView());
    const { ApiCallError } = jest.requireActual('@idv/api-client');
    jest.spyOn(api, 'submitVerification').mockRejectedValue(new ApiCallError('session_cancelled', 403, 'Session has been cancelled'));
    renderRoute(`/verify/${ID}`);
    await screen.findByRole('button', { name: 'Submit verification' });
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit verification' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/results/${ID}`));
  });

  it('asks before declining once something was entered, and shows Cancel session to the initiator instead', async () => {
    sessionStore.setChosenParticipant(ID, { _id: 'p-bo', name: 'Bo Li' });
    jest.spyOn(api, 'getSession').mockResolvedValue(sessionView());
    const decline = jest.spyOn(api, 'declineInvitation').mockResolvedValue(sessionView());
    renderRoute(`/verify/${ID}`);
    fireEvent.change(await screen.findByLabelText('Your full legal name'), { target: { value: 'Bo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline invitation' }));
    expect(screen.getByText("Are you sure you want to decline this invitation? Any information you've entered will be lost.")).toBeInTheDocument();
    expect(decline).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, decline' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/rejected/${ID}`));
    expect(screen.queryByRole('button', { name: 'Cancel session' })).toBeNull();
  });

  it('shows a failed load with Retry', async () => {
    const { ApiCallError } = jest.requireActual('@idv/api-client');
    const load = jest
      .spyOn(api, 'getSession')
      .mockRejectedValueOnce(new ApiCallError('network', 0, 'x'))
      .mockResolvedValue(sessionView());
    renderRoute(`/verify/${ID}`);
    expect(await screen.findByText('The session could not be loaded. Network error. Please check your connection.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Which participant are you?')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
