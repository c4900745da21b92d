/**
 * What this browser keeps of a session: tokens (for this browser, in localStorage) and which
 * participant this tab is (for this tab, in sessionStorage, as the spec says).
 */
interface StoredTokens {
  initiator?: string;
  participants: Record<string, string>;
}

export interface ChosenParticipant {
  _id: string;
  name: string;
}

const tokensKey = (sessionId: string) => `idv.tokens.${sessionId}`;
const chosenKey = (sessionId: string) => `idv.participant.${sessionId}`;

function read<T>(storage: Storage, key: string): T | undefined {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

function write(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the session still works in this page.
  }
}

function tokens(sessionId: string): StoredTokens {
  return read<StoredTokens>(localStorage, tokensKey(sessionId)) ?? { participants: {} };
}

export const sessionStore = {
  initiatorToken: (sessionId: string) => tokens(sessionId).initiator,
  setInitiatorToken(sessionId: string, token: string) {
    write(localStorage, tokensKey(sessionId), { ...tokens(sessionId), initiator: token });
  },
  /** The token that acts for a participant: its own, or the initiator's for the initiator. */
  participantToken: (sessionId: string, participantId: string) => tokens(sessionId).participants[participantId],
  setParticipantToken(sessionId: string, participantId: string, token: string) {
    const current = tokens(sessionId);
    write(localStorage, tokensKey(sessionId), { ...current, participants: { ...current.participants, [participantId]: token } });
  },
  /** This browser holds the place a handoff moved here: its token, and the session's too for the initiator's place. */
  takePlace(place: { sessionId: string; participantId: string; name: string; initiator: boolean; token: string }) {
    const current = tokens(place.sessionId);
    write(localStorage, tokensKey(place.sessionId), {
      ...current,
      ...(place.initiator ? { initiator: place.token } : {}),
      participants: { ...current.participants, [place.participantId]: place.token },
    });
    write(sessionStorage, chosenKey(place.sessionId), { _id: place.participantId, name: place.name });
  },
  /** The place moved to another device: this browser forgets the token that no longer works. */
  forgetPlace(sessionId: string, participantId: string, initiator: boolean) {
    const current = tokens(sessionId);
    const participants = { ...current.participants };
    delete participants[participantId];
    write(localStorage, tokensKey(sessionId), initiator ? { participants } : { ...current, participants });
    if (read<ChosenParticipant>(sessionStorage, chosenKey(sessionId))?._id === participantId) sessionStorage.removeItem(chosenKey(sessionId));
  },
  chosenParticipant: (sessionId: string) => read<ChosenParticipant>(sessionStorage, chosenKey(sessionId)),
  setChosenParticipant(sessionId: string, participant: ChosenParticipant) {
    write(sessionStorage, chosenKey(sessionId), participant);
  },
};
