import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiResponse } from '@nestjs/swagger';
import { ERROR_CODES, type ErrorCode } from '@idv/contracts';

export class ApiErrorDto {
  @ApiProperty({ example: 400 }) statusCode!: number;
  @ApiProperty({ example: 'Bad Request' }) error!: string;
  @ApiProperty({ example: 'Please enter a valid email address' }) message!: string;
  @ApiProperty({ enum: ERROR_CODES, example: 'validation_failed' }) code!: ErrorCode;
  @ApiProperty({ required: false, type: Object, additionalProperties: { type: 'string' }, example: { 'participants[1].email': 'Please enter a valid email address' } })
  fields?: Record<string, string>;
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'validation_failed: the body or a path id is invalid (field messages in `fields`)',
  401: 'unauthorized: missing or wrong x-api-key',
  403: 'invalid_token, place_moved (the token held this place until a handoff moved it to another device), session_cancelled, initiator_cannot_decline, terms_not_accepted, or email_mismatch (a claim with another address than the one the initiator entered for the place)',
  404: 'session_not_found, participant_not_found, or handoff_invalid (no handoff by that code: unknown, used already, expired, or offered before the place moved again)',
  409: 'session_full, participant_already_claimed, already_submitted, participant_not_pending, attempts_exhausted (no submissions left after a failure) not_retryable (the failure was for a reason trying again cannot change), handoff_limit_reached, or idempotency_key_reused (the Idempotency-Key was first used for another request)',
  410: 'session_expired; liveness_challenge_invalid (a liveness challenge that is not the server\'s, is for another place or attempt, or has expired)',
  413: 'payload_too_large: the whole body is over the route\'s limit',
  415: 'unsupported_image_type',
  422: 'image_too_large (an image or a liveness frame longer than its field allows, or with more pixels than a check takes) or image_unreadable',
  423: 'place_locked: too many wrong e-mail addresses for the place from this client; it takes no claim from this client until the time in the message',
  429: 'rate_limited',
  503: 'service_unavailable or verification_busy',
  504: 'service_timeout',
};

/** Documents the error answers a route can give, all in the `ApiErrorDto` shape. */
export function ApiErrors(...statuses: number[]) {
  return applyDecorators(...statuses.map((status) => ApiResponse({ status, description: DESCRIPTIONS[status], type: ApiErrorDto })));
}
