import type { CreateSessionRequest } from './session';

/**
 * Payloads of the svc-sessions request/reply subjects. `token` is the raw
 * `x-session-token` the browser sent; svc-sessions compares only its hash.
 */
export type CreateSessionCommand = CreateSessionRequest;

export interface GetSessionQuery {
  sessionId: string;
  token?: string;
}

export interface ClaimParticipantCommand {
  sessionId: string;
  participantId: string;
  token?: string;
}

export interface CancelSessionCommand {
  sessionId: string;
  initiatorId: string;
  reason: string;
  token: string;
}

export interface DeclineCommand {
  sessionId: string;
  participantId: string;
  token: string;
}

/** Asked by svc-verification when a submission arrives; marks the participant `submitted`. */
export interface BeginVerificationCommand {
  sessionId: string;
  participantId: string;
  token: string;
}

export interface BeginVerificationReply {
  accepted: true;
  /** The invited name, for the name check (what the initiator typed). */
  invitedName: string;
  /**
   * When svc-sessions decides the submission itself (`failed`, `check_timeout`) if no result has
   * arrived, ISO 8601. A result published later is ignored, so the check stops trying by then.
   */
  deadline: string;
  /** Which submission of the participant this is (1 for the first); its result event carries it. */
  attempt: number;
}
