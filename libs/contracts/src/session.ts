import type * as z from 'zod';
import type {
  ClaimParticipantResponseSchema,
  CreateSessionResponseSchema,
  HandoffOfferSchema,
  LivenessChallengeSchema,
  HandoffRedeemedSchema,
  ParticipantResultSchema,
  ParticipantViewSchema,
  PlaceHeldSchema,
  SessionViewSchema,
} from './catalogue/replies';
import type {
  CancelSessionRequestSchema,
  ClaimParticipantRequestSchema,
  CreateSessionRequestSchema,
  DeclineRequestSchema,
  ParticipantInputSchema,
  RedeemHandoffRequestSchema,
} from './catalogue/session-requests';

/*
 * The request and answer shapes of the sessions API. Their schemas (zod) are in `./catalogue`,
 * the one source for the gateway, the services and the OpenAPI document; these types are read from
 * them, so the browser shares the shapes without shipping zod.
 */
export type ParticipantInput = z.output<typeof ParticipantInputSchema>;
/** Body of `POST /api/sessions`; participants[0] is the initiator. */
export type CreateSessionRequest = z.output<typeof CreateSessionRequestSchema>;
/** Body of `POST /api/sessions/:id/participants/:pid/claim`. */
export type ClaimParticipantRequest = z.output<typeof ClaimParticipantRequestSchema>;
export type CancelSessionRequest = z.output<typeof CancelSessionRequestSchema>;
export type DeclineRequest = z.output<typeof DeclineRequestSchema>;
/** `POST /api/handoffs/redeem`. */
export type RedeemHandoffRequest = z.output<typeof RedeemHandoffRequestSchema>;

export type ParticipantResult = z.output<typeof ParticipantResultSchema>;
export type ParticipantView = z.output<typeof ParticipantViewSchema>;
export type SessionView = z.output<typeof SessionViewSchema>;
export type CreateSessionResponse = z.output<typeof CreateSessionResponseSchema>;
export type ClaimParticipantResponse = z.output<typeof ClaimParticipantResponseSchema>;
/** `POST /api/sessions/:id/participants/:pid/handoff`. */
export type HandoffOffer = z.output<typeof HandoffOfferSchema>;
export type HandoffRedeemed = z.output<typeof HandoffRedeemedSchema>;
/** `POST /api/verification/:sessionId/:participantId/challenge`. */
export type LivenessChallenge = z.output<typeof LivenessChallengeSchema>;
/** `GET /api/sessions/:id/participants/:pid/place`. */
export type PlaceHeld = z.output<typeof PlaceHeldSchema>;
