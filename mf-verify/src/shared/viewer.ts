import { heldToken, sessionStore, viewerIsInitiator } from '@idv/api-client';
import type { SessionView } from '@idv/contracts';

/** The participant this tab is (chosen, or the initiator's place), if it holds that place's token. */
export function viewerOf(session: SessionView): string | undefined {
  const chosen = sessionStore.chosenParticipant(session._id)?._id ?? (viewerIsInitiator(session) ? session.initiatorParticipantId : undefined);
  return chosen && heldToken(session, chosen) ? chosen : undefined;
}
