import {
  CancelSessionRequestSchema,
  ClaimParticipantRequestSchema,
  ClaimParticipantResponseSchema,
  CreateSessionRequestSchema,
  CreateSessionResponseSchema,
  DeclineRequestSchema,
  HandoffOfferSchema,
  HandoffRedeemedSchema,
  LivenessChallengeSchema,
  PlaceHeldSchema,
  RedeemHandoffRequestSchema,
  SessionViewSchema,
  SubmissionAcceptedSchema,
  VerificationSubmissionSchema,
} from '@idv/contracts/catalogue';
import { createZodDto } from 'nestjs-zod';

/*
 * The OpenAPI document's bodies and answers, read from the catalogue's schemas (nestjs-zod):
 * nothing here restates a shape. Bodies are validated with the same schemas (ParseBodyPipe).
 */
export class CreateSessionDto extends createZodDto(CreateSessionRequestSchema) {}
export class CreateSessionResponseDto extends createZodDto(CreateSessionResponseSchema) {}
export class SessionViewDto extends createZodDto(SessionViewSchema) {}
export class ClaimParticipantDto extends createZodDto(ClaimParticipantRequestSchema) {}
export class ClaimResponseDto extends createZodDto(ClaimParticipantResponseSchema) {}
export class CancelSessionDto extends createZodDto(CancelSessionRequestSchema) {}
export class DeclineDto extends createZodDto(DeclineRequestSchema) {}
export class HandoffOfferDto extends createZodDto(HandoffOfferSchema) {}
export class RedeemHandoffDto extends createZodDto(RedeemHandoffRequestSchema) {}
export class HandoffRedeemedDto extends createZodDto(HandoffRedeemedSchema) {}
export class PlaceHeldDto extends createZodDto(PlaceHeldSchema) {}
export class LivenessChallengeDto extends createZodDto(LivenessChallengeSchema) {}
export class VerificationSubmissionDto extends createZodDto(VerificationSubmissionSchema) {}
export class SubmissionAcceptedDto extends createZodDto(SubmissionAcceptedSchema) {}
