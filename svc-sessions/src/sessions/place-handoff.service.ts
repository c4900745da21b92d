import { Inject, Injectable } from '@nestjs/common';
import { type HandoffOffer, type HandoffRedeemed, LIMITS, type PlaceHeld } from '@idv/contracts';
import type { RpcPayload } from '@idv/contracts/catalogue';
import { Clock } from '../clock/clock';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';
import { serviceError } from '../errors/service-error';
import { hashToken, newHandoffCode, newToken } from './ids';
import { moveSubject } from './record-subjects';
import { ParticipantTransitions } from './participant-transitions';
import { type PlaceHolding, assertHolds } from './place-holding';
import { SessionStore } from './session-store';

const MINUTE_MS = 60 * 1000;
const HANDOFF_INVALID = 'This link is no longer valid: it was used already, it has expired, or the place has moved since';

/**
 * "Continue on another device": the browser holding a place (a participant's, or the initiator's
 * with the whole session) offers a single-use code; the device that redeems it within
 * LIMITS.handoffValidMinutes gets a new token for the place, and the offering browser's token stops
 * working (`place_moved`). Records only, no updates (see Transition): the offer is
 * `handoff:<SHA-256 of the code>`, the `move` record of the place's next move. A code moves the place only
 * from the token that offered it, so once redeemed it is spent, and of two codes redeemed at once
 * exactly one move is inserted.
 */
@Injectable()
export class PlaceHandoff {
  constructor(
    private readonly store: SessionStore,
    private readonly transitions: ParticipantTransitions,
    private readonly clock: Clock,
    @Inject(SESSIONS_ENV) private readonly env: SessionsEnv,
  ) {}

  async offer({ sessionId, participantId, token }: RpcPayload<'sessions.offer-handoff.v1'>): Promise<HandoffOffer> {
    const { session, participant, holding } = await this.store.openPlace(sessionId, participantId, { holding: true });
    assertHolds(token, holding);
    assertMayMove(holding);
    const code = newHandoffCode();
    const expiresAt = new Date(this.clock.now().getTime() + LIMITS.handoffValidMinutes * MINUTE_MS);
    await this.transitions.acquire('handoff', { _id: hashToken(code), sessionId: session._id, deleteAt: session.deleteAt }, 'offered', {
      participantId: participant._id,
      tokenHash: holding.tokenHash ?? undefined,
      expiresAt,
    });
    return { code, url: `${this.env.PUBLIC_APP_URL.replace(/\/$/, '')}/handoff/${code}`, expiresAt: expiresAt.toISOString() };
  }

  async redeem({ code }: RpcPayload<'sessions.redeem-handoff.v1'>): Promise<HandoffRedeemed> {
    const offer = await this.transitions.recorded('handoff', hashToken(code));
    if (!offer?.participantId || !offer.expiresAt || new Date(offer.expiresAt).getTime() <= this.clock.now().getTime()) {
      throw serviceError('handoff_invalid', HANDOFF_INVALID);
    }
    const { session, participant, holding } = await this.store.openPlace(offer.sessionId, offer.participantId, { holding: true });
    // Redeemed already, or the place moved since the code was offered: it no longer moves it.
    if (holding.tokenHash === null || holding.tokenHash !== offer.tokenHash) throw serviceError('handoff_invalid', HANDOFF_INVALID);
    assertMayMove(holding);
    const token = newToken();
    const move = { _id: moveSubject(participant._id, participant.claimRound, holding.moves + 1), sessionId: session._id, deleteAt: session.deleteAt };
    if (!(await this.transitions.acquire('move', move, 'moved', { tokenHash: hashToken(token) }))) {
      throw serviceError('handoff_invalid', HANDOFF_INVALID);
    }
    return {
      sessionId: session._id,
      participantId: participant._id,
      name: participant.name,
      initiator: participant._id === session.initiatorParticipantId,
      token,
    };
  }

  /**
   * Whether the token still holds its place, for the device that showed a code: it learns that the
   * place moved (403 `place_moved`). Answered for cancelled and expired sessions too.
   */
  async place({ sessionId, participantId, token }: RpcPayload<'sessions.place.v1'>): Promise<PlaceHeld> {
    const { holding } = await this.store.openPlace(sessionId, participantId, { holding: true, open: false });
    assertHolds(token, holding);
    return { held: true };
  }
}

function assertMayMove(holding: PlaceHolding): void {
  if (holding.moves >= LIMITS.handoffMaxMoves) {
    throw serviceError('handoff_limit_reached', `This place has moved to another device ${LIMITS.handoffMaxMoves} times already`);
  }
}
