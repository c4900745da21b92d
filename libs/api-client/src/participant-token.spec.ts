import { ApiCallError } from './api-error';
import { claimPlace, heldToken, isPlaceMoved, isSessionNotFound, viewerIsInitiator } from './participant-token';
import { sessionStore } from './session-storage';

const session = { _id: 'S1', initiatorParticipantId: 'p-init' };

it('holds a participant’s own token, and the initiator token only for the initiator’s place', () => {
  sessionStore.setInitiatorToken('S1', 'init');
  sessionStore.setParticipantToken('S1', 'p-bo', 'bo');
  expect(heldToken(session, 'p-bo')).toBe('bo');
  expect(heldToken(session, 'p-init')).toBe('init');
  expect(heldToken(session, 'p-cy')).toBeUndefined();
});

it('knows the initiator by the token or by the tab’s chosen place', () => {
  expect(viewerIsInitiator(session)).toBe(false);
  sessionStore.setChosenParticipant('S1', { _id: 'p-init', name: 'Ana' });
  expect(viewerIsInitiator(session)).toBe(true);
});

it('treats an unknown or malformed id as not found, nothing else', () => {
  expect(isSessionNotFound(new ApiCallError('session_not_found', 404, 'x'))).toBe(true);
  expect(isSessionNotFound(new ApiCallError('validation_failed', 400, 'x'))).toBe(true);
  expect(isSessionNotFound(new ApiCallError('network', 0, 'x'))).toBe(false);
});

it('takes a place a handoff moved here, so that the new token acts for it even where an old one was kept', () => {
  sessionStore.setParticipantToken('S1', 'p-init', 'old');
  sessionStore.takePlace({ sessionId: 'S1', participantId: 'p-init', name: 'Ana', initiator: true, token: 'new' });
  expect(heldToken(session, 'p-init')).toBe('new');
  expect(sessionStore.initiatorToken('S1')).toBe('new');
  expect(sessionStore.chosenParticipant('S1')).toEqual({ _id: 'p-init', name: 'Ana' });
});

it('forgets a place that moved away, and only that place', () => {
  sessionStore.setInitiatorToken('S1', 'init');
  sessionStore.setParticipantToken('S1', 'p-bo', 'bo');
  sessionStore.setParticipantToken('S1', 'p-cy', 'cy');
  sessionStore.setChosenParticipant('S1', { _id: 'p-bo', name: 'Bo' });
  sessionStore.forgetPlace('S1', 'p-bo', false);
  expect(heldToken(session, 'p-bo')).toBeUndefined();
  expect(heldToken(session, 'p-cy')).toBe('cy');
  expect(sessionStore.initiatorToken('S1')).toBe('init');
  expect(sessionStore.chosenParticipant('S1')).toBeUndefined();
  sessionStore.forgetPlace('S1', 'p-init', true);
  expect(sessionStore.initiatorToken('S1')).toBeUndefined();
  expect(viewerIsInitiator(session)).toBe(false);
});

it('tells a moved place from other failures', () => {
  expect(isPlaceMoved(new ApiCallError('place_moved', 403, 'x'))).toBe(true);
  expect(isPlaceMoved(new ApiCallError('invalid_token', 403, 'x'))).toBe(false);
});

it('forgets a token the initiator released, so that the next claim asks for the e-mail address again', async () => {
  sessionStore.setParticipantToken('S1', 'p-bo', 'spent');
  const released = new ApiCallError('place_released', 403, 'released');
  global.fetch = jest.fn(async (url: string | URL | Request) =>
    String(url).endsWith('/config.json')
      ? ({ ok: true, status: 200, json: async () => ({ apiBaseUrl: 'https://api.example.com/api', apiKey: 'k', supportContact: 's' }) } as unknown as Response)
      : ({
          ok: false,
          status: 403,
          statusText: '403',
          text: async () => JSON.stringify({ code: released.code, message: released.message }),
        } as unknown as Response),
  ) as typeof fetch;
  await expect(claimPlace(session, 'p-bo', { termsAccepted: true })).rejects.toMatchObject({ code: 'place_released' });
  expect(heldToken(session, 'p-bo')).toBeUndefined();
});
