import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import {
  type CancelSessionRequest,
  type ClaimParticipantRequest,
  type ClaimParticipantResponse,
  type CreateSessionRequest,
  type CreateSessionResponse,
  type DeclineRequest,
  type HandoffOffer,
  LIMITS,
  type PlaceHeld,
  SUBJECTS,
  type SessionView,
} from '@idv/contracts';
import { CancelSessionRequestSchema, ClaimParticipantRequestSchema, CreateSessionRequestSchema, DeclineRequestSchema } from '@idv/contracts/catalogue';
import { SESSION_TOKEN_HEADER, SessionToken } from '../auth/session-token.decorator';
import { ApiErrors } from '../http/api-error.dto';
import { CallerDigest } from '../http/caller';
import { IdempotencyKey, IdempotencyKeyHeader } from '../http/idempotency-key.decorator';
import { ParseBodyPipe } from '../http/parse-body.pipe';
import { ParticipantIdParam, SessionIdParam } from '../http/path-params';
import { ServiceClient } from '../nats/service-client';
import {
  CancelSessionDto,
  ClaimParticipantDto,
  ClaimResponseDto,
  CreateSessionDto,
  CreateSessionResponseDto,
  DeclineDto,
  HandoffOfferDto,
  PlaceHeldDto,
  SessionViewDto,
} from '../http/api-schemas';

const TokenHeader = (description: string, required = false) => ApiHeader({ name: SESSION_TOKEN_HEADER, required, description });

@ApiTags('sessions')
@ApiSecurity('api-key')
@Controller('sessions')
export class SessionsController {
  constructor(private readonly services: ServiceClient) {}

  @Post()
  @ApiOperation({ summary: 'Create a session; the initiator token is returned once' })
  @ApiBody({ type: CreateSessionDto })
  @ApiCreatedResponse({ type: CreateSessionResponseDto })
  @IdempotencyKeyHeader('the same session and initiator token')
  @ApiErrors(400, 401, 409, 413, 429, 503, 504)
  create(
    @Body(new ParseBodyPipe(CreateSessionRequestSchema)) body: CreateSessionRequest,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<CreateSessionResponse> {
    return this.services.request(SUBJECTS.sessions.create, { ...body, idempotencyKey });
  }

  @Get(':id')
  @ApiOperation({ summary: 'A session by id or join code (normalised); e-mails masked unless the initiator token is sent' })
  @TokenHeader('The initiator token reveals e-mails')
  @ApiOkResponse({ type: SessionViewDto })
  @ApiErrors(400, 401, 404, 429, 503, 504)
  get(@SessionIdParam('id') sessionId: string, @SessionToken() token?: string): Promise<SessionView> {
    return this.services.request(SUBJECTS.sessions.get, { sessionId, token });
  }

  @Post(':id/participants/:pid/claim')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Claim a participant place for this browser, with the e-mail address the initiator entered for it; the participant token is returned once',
    description:
      'A place not yet claimed needs its e-mail address (any case): a wrong one answers 403 `email_mismatch`; after 5 wrong ones within the hour (by default) ' +
      'from one client (a secret key, or a browser address) that client may not claim the place until the hour ends (423 `place_locked`). ' +
      'The place itself is never locked: the right address from anyone else claims it.',
  })
  @TokenHeader('Presenting the token that already holds the place claims it again (no e-mail address needed)')
  @ApiBody({ type: ClaimParticipantDto })
  @ApiOkResponse({ type: ClaimResponseDto })
  @IdempotencyKeyHeader('the same participant token')
  @ApiErrors(400, 401, 403, 404, 409, 410, 423, 429, 503, 504)
  claim(
    @SessionIdParam('id') sessionId: string,
    @ParticipantIdParam('pid') participantId: string,
    @Body(new ParseBodyPipe(ClaimParticipantRequestSchema)) body: ClaimParticipantRequest,
    @SessionToken() token?: string,
    @IdempotencyKey() idempotencyKey?: string,
    @CallerDigest() client?: string,
  ): Promise<ClaimParticipantResponse> {
    return this.services.request(SUBJECTS.sessions.claim, { sessionId, participantId, ...body, token, idempotencyKey, client });
  }

  @Post(':id/participants/:pid/release')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The initiator takes back a place the wrong person claimed, before any answer from it',
    description:
      'The place is unclaimed again: its e-mail address claims it anew, and the token that held it answers 403 `place_released` from then on. ' +
      `Only a place an invitee claimed and has not answered (declined or submitted) yet, at most ${LIMITS.placeReleaseMax} times per place: else 409 \`cannot_release\`.`,
  })
  @TokenHeader('The initiator token', true)
  @ApiOkResponse({ type: SessionViewDto })
  @ApiErrors(400, 401, 403, 404, 409, 410, 429, 503, 504)
  release(@SessionIdParam('id') sessionId: string, @ParticipantIdParam('pid') participantId: string, @SessionToken() token?: string): Promise<SessionView> {
    return this.services.request(SUBJECTS.sessions.release, { sessionId, participantId, token });
  }

  @Post(':id/participants/:pid/handoff')
  @ApiOperation({
    summary: 'Continue on another device: a single-use code (10 minutes) that moves this place to the device that opens its link',
    description:
      "The token holding the place asks (for the initiator's place, the initiator token: the whole session moves). " +
      'Redeeming it (`POST /api/handoffs/redeem`) gives that device a new token; this one then answers 403 `place_moved`. ' +
      'A place moves at most 5 times (409 `handoff_limit_reached`).',
  })
  @TokenHeader('The token holding the place', true)
  @ApiCreatedResponse({ type: HandoffOfferDto })
  @ApiErrors(400, 401, 403, 404, 409, 410, 429, 503, 504)
  offerHandoff(
    @SessionIdParam('id') sessionId: string,
    @ParticipantIdParam('pid') participantId: string,
    @SessionToken() token?: string,
  ): Promise<HandoffOffer> {
    return this.services.request(SUBJECTS.sessions.offerHandoff, { sessionId, participantId, token });
  }

  @Get(':id/participants/:pid/place')
  @ApiOperation({ summary: 'Whether this token still holds the place: 200, or 403 `place_moved` once a handoff moved it to another device' })
  @TokenHeader('The token to check', true)
  @ApiOkResponse({ type: PlaceHeldDto })
  @ApiErrors(400, 401, 403, 404, 429, 503, 504)
  place(@SessionIdParam('id') sessionId: string, @ParticipantIdParam('pid') participantId: string, @SessionToken() token?: string): Promise<PlaceHeld> {
    return this.services.request(SUBJECTS.sessions.place, { sessionId, participantId, token });
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel the session (initiator token); irreversible' })
  @TokenHeader('The initiator token', true)
  @ApiBody({ type: CancelSessionDto })
  @ApiOkResponse({ type: SessionViewDto })
  @IdempotencyKeyHeader('the cancelled session (a cancel repeated without a key does the same)')
  @ApiErrors(400, 401, 403, 404, 409, 429, 503, 504)
  cancel(
    @SessionIdParam('id') sessionId: string,
    @Body(new ParseBodyPipe(CancelSessionRequestSchema)) body: CancelSessionRequest,
    @SessionToken() token?: string,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<SessionView> {
    return this.services.request(SUBJECTS.sessions.cancel, { sessionId, ...body, token, idempotencyKey });
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: "Decline the invitation (that participant's token); the initiator cannot decline" })
  @TokenHeader("The declining participant's token", true)
  @ApiBody({ type: DeclineDto })
  @ApiOkResponse({ type: SessionViewDto })
  @IdempotencyKeyHeader('the session with the place declined')
  @ApiErrors(400, 401, 403, 404, 409, 410, 429, 503, 504)
  decline(
    @SessionIdParam('id') sessionId: string,
    @Body(new ParseBodyPipe(DeclineRequestSchema)) body: DeclineRequest,
    @SessionToken() token?: string,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<SessionView> {
    return this.services.request(SUBJECTS.sessions.decline, { sessionId, participantId: body.participantId, token, idempotencyKey });
  }
}
