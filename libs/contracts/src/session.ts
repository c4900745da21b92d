import type { ParticipantStatus } from './participant';
import type { VerificationReason } from './verification';

/** Derived session status, rules in decisions.md ("States"). */
export const SESSION_STATUSES = [
  'cancelled',
  'completed',
  'failed',
  'expired',
  'in_progress',
  'ready',
  'waiting_for_participants',
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export interface ParticipantInput {
  name: string;
  email: string;
}

/** Body of `POST /api/sessions`; participants[0] is the initiator. */
export interface CreateSessionRequest {
  initiator: string;
  participants: ParticipantInput[];
  purpose: string;
  /** The initiator accepted the terms of service: required, `true`. */
  termsAccepted: true;
}

/**
 * Body of `POST /api/sessions/:id/participants/:pid/claim`. `true` when the person accepted the
 * terms of service (needed before they may submit); `false` when the place is claimed only to
 * decline the invitation.
 */
export interface ClaimParticipantRequest {
  termsAccepted: boolean;
}

export interface ParticipantResult {
  decidedAt: string;
  reasons: VerificationReason[];
}

export interface ParticipantView {
  _id: string;
  name: string;
  email: string;
  status: ParticipantStatus;
  claimed: boolean;
  result?: ParticipantResult;
  /** Submissions made so far (0 before the first); a retry after a retryable failure is the next one. Always sent by svc-sessions. */
  attempt?: number;
  /** Submissions this participant may still make (VERIFICATION_MAX_ATTEMPTS in all). Always sent by svc-sessions. */
  attemptsLeft?: number;
}

export interface SessionView {
  _id: string;
  initiator: string;
  initiatorParticipantId: string;
  participants: ParticipantView[];
  purpose: string;
  status: SessionStatus;
  shareableUrl: string;
  isCancelled: boolean;
  cancelReason?: string;
  createdAt: string;
  expiresAt: string;
}

export interface CreateSessionResponse {
  session: SessionView;
  initiatorToken: string;
}

export interface ClaimParticipantResponse {
  participantToken: string;
}

export interface CancelSessionRequest {
  initiatorId: string;
  reason: string;
}

export interface DeclineRequest {
  participantId: string;
}

/**
 * `POST /api/sessions/:id/participants/:pid/handoff` (the token holding the place): a single-use
 * code that moves the place to the device that opens `url` within `expiresAt`
 * (LIMITS.handoffValidMinutes). Shown once, stored only as a hash.
 */
export interface HandoffOffer {
  code: string;
  url: string;
  expiresAt: string;
}

/** `POST /api/handoffs/redeem`. */
export interface RedeemHandoffRequest {
  code: string;
}

/**
 * The place, now held by this device: `token` (shown once) acts for the participant, and for the
 * whole session when `initiator` is true; the token of the device that offered it stops working.
 */
export interface HandoffRedeemed {
  sessionId: string;
  participantId: string;
  name: string;
  initiator: boolean;
  token: string;
}

/** `GET /api/sessions/:id/participants/:pid/place`: the token still holds the place (else 403 `place_moved` or `invalid_token`). */
export interface PlaceHeld {
  held: true;
}
