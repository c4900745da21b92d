import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiHeader, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import {
  SUBJECTS,
  type SubmissionAccepted,
  type SubmitVerificationCommand,
  type VerificationSubmission,
} from '@idv/contracts';
import { VerificationSubmissionSchema } from '@idv/contracts/catalogue';
import { SESSION_TOKEN_HEADER, SessionToken } from '../auth/session-token.decorator';
import { ApiError } from '../errors/api-error';
import { ApiErrors } from '../http/api-error.dto';
import { IdempotencyKey, IdempotencyKeyHeader } from '../http/idempotency-key.decorator';
import { ParseBodyPipe } from '../http/parse-body.pipe';
import { ParticipantIdParam, SessionIdParam } from '../http/path-params';
import { ServiceClient } from '../nats/service-client';
import { SubmissionAcceptedDto, VerificationSubmissionDto } from '../http/api-schemas';

@ApiTags('verification')
@ApiSecurity('api-key')
@Controller('verification')
export class VerificationController {
  constructor(private readonly services: ServiceClient) {}

  @Post(':sessionId/:participantId')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Submit name, document and selfie; 202 once accepted, the result arrives on the session',
    description:
      'After a failure whose reasons are all retryable, the same participant (same token) may submit again through this route: ' +
      'up to 3 submissions in all (`attemptsLeft` on the session), then 409 `attempts_exhausted`; a failure for a final reason ' +
      '(`document_expired`, `invited_name_mismatch`) answers 409 `not_retryable`. A check with no result 90 s after its ' +
      'acceptance ends `failed` with `check_timeout` (retryable).',
  })
  @ApiHeader({ name: SESSION_TOKEN_HEADER, required: true, description: "The participant's (or the initiator's) token" })
  @ApiBody({ type: VerificationSubmissionDto })
  @ApiAcceptedResponse({ type: SubmissionAcceptedDto })
  @IdempotencyKeyHeader('202 again without a second check')
  @ApiErrors(400, 401, 403, 404, 409, 410, 413, 415, 422, 429, 503, 504)
  submit(
    @SessionIdParam('sessionId') sessionId: string,
    @ParticipantIdParam('participantId') participantId: string,
    @Body(new ParseBodyPipe(VerificationSubmissionSchema)) submission: VerificationSubmission,
    @SessionToken() token?: string,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<SubmissionAccepted> {
    // No token, no use sending three images over NATS: svc-sessions would refuse it.
    if (!token) throw new ApiError('invalid_token', 'A session token (x-session-token) is required');
    const command: SubmitVerificationCommand = { sessionId, participantId, token, idempotencyKey, submission };
    return this.services.request(SUBJECTS.verification.submit, command);
  }
}
