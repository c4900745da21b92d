import { ApiCallError } from './api-error';
import { heldToken, isSessionNotFound, viewerIsInitiator } from './participant-token';
import { sessionStore } from './session-storage';

const session = { _id: 'S1', initiatorParticipantId: 'p-init' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

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
