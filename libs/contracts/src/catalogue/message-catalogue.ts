import type * as z from 'zod';
import { SUBJECTS } from '../subjects';
import {
  BeginVerificationCommandSchema,
  CancelSessionCommandSchema,
  ClaimParticipantCommandSchema,
  GetSessionQuerySchema,
  NoPayloadSchema,
  PlaceChangeCommandSchema,
  PlaceCommandSchema,
  RedeemHandoffCommandSchema,
  SessionChangedEventSchema,
  SubmitVerificationCommandSchema,
} from './commands';
import {
  BeginVerificationReplySchema,
  ClaimParticipantResponseSchema,
  CreateSessionResponseSchema,
  HandoffOfferSchema,
  HandoffRedeemedSchema,
  LivenessChallengeSchema,
  PlaceHeldSchema,
  ServiceHealthReplySchema,
  SessionViewSchema,
  SubmissionAcceptedSchema,
} from './replies';
import { CreateSessionCommandSchema } from './session-requests';
import { VerificationStatusEventSchema } from './status-event';

/**
 * Every request/reply subject: the schema its handler validates the payload with, and the shape
 * of its answer. Errors travel as `{ code, message, fields? }` (ServiceError); the codes are
 * ERROR_HTTP_STATUS's. The gateway's `rpc` and every `@MessagePattern` handler take their types
 * from here, so a wrong payload does not compile.
 */
export const RPC_CATALOGUE = {
  [SUBJECTS.sessions.create]: { request: CreateSessionCommandSchema, reply: CreateSessionResponseSchema },
  [SUBJECTS.sessions.get]: { request: GetSessionQuerySchema, reply: SessionViewSchema },
  [SUBJECTS.sessions.claim]: { request: ClaimParticipantCommandSchema, reply: ClaimParticipantResponseSchema },
  [SUBJECTS.sessions.release]: { request: PlaceCommandSchema, reply: SessionViewSchema },
  [SUBJECTS.sessions.cancel]: { request: CancelSessionCommandSchema, reply: SessionViewSchema },
  [SUBJECTS.sessions.decline]: { request: PlaceChangeCommandSchema, reply: SessionViewSchema },
  [SUBJECTS.sessions.beginVerification]: { request: BeginVerificationCommandSchema, reply: BeginVerificationReplySchema },
  [SUBJECTS.sessions.offerHandoff]: { request: PlaceCommandSchema, reply: HandoffOfferSchema },
  [SUBJECTS.sessions.redeemHandoff]: { request: RedeemHandoffCommandSchema, reply: HandoffRedeemedSchema },
  [SUBJECTS.sessions.issueLivenessChallenge]: { request: PlaceCommandSchema, reply: LivenessChallengeSchema },
  [SUBJECTS.sessions.place]: { request: PlaceCommandSchema, reply: PlaceHeldSchema },
  [SUBJECTS.sessions.health]: { request: NoPayloadSchema, reply: ServiceHealthReplySchema },
  [SUBJECTS.verification.submit]: { request: SubmitVerificationCommandSchema, reply: SubmissionAcceptedSchema },
  [SUBJECTS.verification.health]: { request: NoPayloadSchema, reply: ServiceHealthReplySchema },
} as const;

/** Published, not answered: JetStream results and the core-NATS cache broadcast. */
export const EVENT_CATALOGUE = {
  [SUBJECTS.events.verificationStatus]: VerificationStatusEventSchema,
  [SUBJECTS.events.sessionChanged]: SessionChangedEventSchema,
} as const;

export type RpcSubject = keyof typeof RPC_CATALOGUE;
/** What a sender passes (before the handler's normalisation). */
export type RpcRequest<S extends RpcSubject> = z.input<(typeof RPC_CATALOGUE)[S]['request']>;
/** What a handler receives once its payload is validated. */
export type RpcPayload<S extends RpcSubject> = z.output<(typeof RPC_CATALOGUE)[S]['request']>;
export type RpcReply<S extends RpcSubject> = z.output<(typeof RPC_CATALOGUE)[S]['reply']>;
export type EventSubject = keyof typeof EVENT_CATALOGUE;
export type EventPayload<S extends EventSubject> = z.output<(typeof EVENT_CATALOGUE)[S]>;
