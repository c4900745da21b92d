import { Inject, Injectable } from '@nestjs/common';
import {
  type CaptureFrameShape,
  JUDGED_FRAMES_PER_MOVE,
  type LivenessChallenge,
  type LivenessMove,
  MIN_FRAMES_PER_MOVE,
  captureFollowsChallenge,
} from '@idv/contracts';
import type { RpcPayload } from '@idv/contracts/catalogue';
import { Clock } from '../clock/clock';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';
import { serviceError } from '../errors/service-error';
import { LivenessChallengeTokens } from './liveness-challenge-token';
import { ParticipantLifecycle } from './participant-lifecycle.service';
import { assertHolds } from './place-holding';
import { assertMaySubmit } from './session-guards';
import { SessionStore } from './session-store';

/**
 * Liveness challenges (docs/liveness.md): the moves a participant's next attempt must show, issued
 * to the token holding the place when that attempt would be taken. Nothing is written: the
 * challenge is a signed token (liveness-challenge-token.ts) bound to the place and the attempt.
 */
@Injectable()
export class LivenessChallenges {
  private readonly tokens: LivenessChallengeTokens;

  constructor(
    private readonly store: SessionStore,
    private readonly lifecycle: ParticipantLifecycle,
    private readonly clock: Clock,
    @Inject(SESSIONS_ENV) env: SessionsEnv,
  ) {
    this.tokens = new LivenessChallengeTokens(env.SESSIONS_SECRET);
  }

  async issue({ sessionId, participantId, token }: RpcPayload<'sessions.issue-liveness-challenge.v1'>): Promise<LivenessChallenge> {
    const { participant, holding } = await this.store.openPlace(sessionId, participantId, { holding: true });
    assertHolds(token, holding);
    assertMaySubmit(participant, this.lifecycle.attemptsLeft(participant));
    if (!(await this.lifecycle.hasConsent(participant))) {
      throw serviceError('terms_not_accepted', 'The Terms of Service must be accepted before verifying');
    }
    const { token: challenge, terms } = this.tokens.issue({ sessionId, participantId, attempt: participant.attempt + 1 }, this.clock.now());
    return { challenge, kind: 'head_turns', moves: terms.moves, attempt: terms.attempt, expiresAt: terms.expiresAt.toISOString() };
  }

  /**
   * The moves of `challenge` when it counts for this place's attempt `attempt` now: signed here, for
   * this place and attempt, not expired. Otherwise 410 `liveness_challenge_invalid` (the capture
   * must follow a new one). Then, given the capture's frames (their steps, and which are for the flow alone), they must follow those
   * moves (captureFollowsChallenge): otherwise 422 `liveness_capture_invalid`, a client's error, not
   * a move the person failed to make. Either way nothing changes.
   */
  movesFor(
    challenge: string,
    place: { sessionId: string; participantId: string },
    attempt: number,
    captureFrames?: readonly CaptureFrameShape[],
  ): LivenessMove[] {
    const checked = this.tokens.verify(challenge, { ...place, attempt }, this.clock.now());
    if ('refusal' in checked) {
      throw serviceError('liveness_challenge_invalid', 'This liveness challenge has expired or is not for this attempt. Please start the capture again.');
    }
    if (captureFrames && !captureFollowsChallenge(checked.terms.moves, captureFrames)) {
      throw serviceError(
        'liveness_capture_invalid',
        `The liveness capture does not follow its challenge: send frames looking at the camera first, then at least ${MIN_FRAMES_PER_MOVE} frames of each move, in the challenge's order, ` +
          `${JUDGED_FRAMES_PER_MOVE.min} to ${JUDGED_FRAMES_PER_MOVE.max} of them not marked flow.`,
      );
    }
    return checked.terms.moves;
  }
}
