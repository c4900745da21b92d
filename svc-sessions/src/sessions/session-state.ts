import type { ParticipantStatus } from '@idv/contracts';
import type { Participant } from './schemas/participant.schema';
import type { Session } from './schemas/session.schema';
import type { StoredResult, Transition } from './schemas/transition.schema';

/** A session as it is now: its creation record and whether it was cancelled. */
export interface SessionState extends Session {
  isCancelled: boolean;
  cancelReason?: string;
}

/** A participant as it is now: its place in the session and its transitions. */
export interface ParticipantState extends Participant {
  sessionId: string;
  /** The session's: a participant's records go with it. */
  deleteAt: Date;
  status: ParticipantStatus;
  /** SHA-256 of the token of the browser that holds this place; null while unclaimed. */
  tokenHash: string | null;
  /** Accepted the terms of service: the initiator by creating the session, the others with their claim. */
  consented: boolean;
  result?: StoredResult;
  /** Submissions made so far (0 before the first). Each has records of its own (record-subjects.ts, attemptSubject). */
  attempt: number;
  /** The latest response was made by a call with an `Idempotency-Key`: its digest (idempotency.ts). Never shown. */
  respondKey?: string;
  /** The claim was made by a call with an `Idempotency-Key`: the digest of the key and that call's body. Never shown. */
  claimKey?: string;
  /** Which claim of the place this is: 1, and one more after each release by the initiator (record-subjects.ts, roundSubject). */
  claimRound: number;
  /** SHA-256 of the tokens that held the place in the rounds before a release: they are told so. */
  releasedTokenHashes: string[];
  /** While `submitted`: when the submission was made (its check's deadline counts from then). */
  submittedAt?: Date;
}

export interface SessionRecord {
  session: SessionState;
  participants: ParticipantState[];
}

/** A participant's records; `respond` and `decide` are those of its latest attempt. */
export interface ParticipantRecords {
  claim?: Transition;
  respond?: Transition;
  decide?: Transition;
  /** Which submission `respond` is (1 when absent); meaningless unless `respond` is a submission. */
  attempt?: number;
  /** The claim round `claim` belongs to (1 when absent), and the claims of the rounds released before it. */
  claimRound?: number;
  releasedClaims?: Transition[];
}

export function sessionState(session: Session, cancel: Transition | undefined): SessionState {
  return { ...session, isCancelled: cancel !== undefined, ...(cancel?.reason ? { cancelReason: cancel.reason } : {}) };
}

/**
 * A participant's state from its records: the decision if there is one, else the response, else
 * pending. The initiator's place is held by the initiator token from the start. In a cancelled
 * session nobody is left pending or being checked, even if the cancellation stopped half-way.
 */
export function participantState(participant: Participant, session: SessionState, records: ParticipantRecords): ParticipantState {
  const tokenHash = participant._id === session.initiatorParticipantId ? session.initiatorTokenHash : (records.claim?.tokenHash ?? null);
  let status = (records.decide?.to ?? records.respond?.to ?? 'pending') as ParticipantStatus;
  if (session.isCancelled && (status === 'pending' || status === 'submitted')) status = 'cancelled';
  return {
    ...participant,
    sessionId: session._id,
    deleteAt: session.deleteAt,
    status,
    tokenHash,
    consented: participant._id === session.initiatorParticipantId || records.claim?.termsAccepted === true,
    ...(records.decide?.result ? { result: records.decide.result } : {}),
    attempt: records.respond?.to === 'submitted' ? (records.attempt ?? 1) : 0,
    ...(records.respond?.requestKey ? { respondKey: records.respond.requestKey } : {}),
    ...(records.claim?.requestKey ? { claimKey: records.claim.requestKey } : {}),
    claimRound: records.claimRound ?? 1,
    releasedTokenHashes: (records.releasedClaims ?? []).flatMap((claim) => (claim.tokenHash ? [claim.tokenHash] : [])),
    ...(status === 'submitted' && records.respond ? { submittedAt: new Date(records.respond.createdAt) } : {}),
  };
}
