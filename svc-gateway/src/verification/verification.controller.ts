import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiCreatedResponse, ApiHeader, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import {
  LIMITS,
  type LivenessChallenge,
  JUDGED_FRAMES_PER_MOVE,
  MIN_FRAMES_PER_MOVE,
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
import { LivenessChallengeDto, SubmissionAcceptedDto, VerificationSubmissionDto } from '../http/api-schemas';

@ApiTags('verification')
@ApiSecurity('api-key')
@Controller('verification')
export class VerificationController {
  constructor(private readonly services: ServiceClient) {}

  @Post(':sessionId/:participantId/challenge')
  @ApiOperation({
    summary: 'A liveness challenge for the next attempt: the moves to make, in order, while the camera records',
    description:
      `Issued to the token holding the place while its next submission would be taken (else the refusal that submission would get: 409 \`already_submitted\`, ` +
      `\`attempts_exhausted\`, \`not_retryable\`, \`participant_not_pending\`; 403 \`terms_not_accepted\`). ${LIMITS.livenessChallengeMoves} different moves in a random order; ` +
      `\`challenge\` is signed by the server, bound to this place and to \`attempt\`, and refused after ${LIMITS.livenessChallengeValidMinutes} minutes or once that attempt is made. ` +
      'Each call issues a new one. Required by every submission where the deployment enforces liveness (422 `liveness_capture_required` without it); docs/liveness.md says what is decided.',
  })
  @ApiHeader({ name: SESSION_TOKEN_HEADER, required: true, description: "The participant's (or the initiator's) token" })
  @ApiCreatedResponse({ type: LivenessChallengeDto })
  @ApiErrors(400, 401, 403, 404, 409, 410, 429, 503, 504)
  issueChallenge(
    @SessionIdParam('sessionId') sessionId: string,
    @ParticipantIdParam('participantId') participantId: string,
    @SessionToken() token?: string,
  ): Promise<LivenessChallenge> {
    if (!token) throw new ApiError('invalid_token', 'A session token (x-session-token) is required');
    return this.services.request(SUBJECTS.sessions.issueLivenessChallenge, { sessionId, participantId, token });
  }

  @Post(':sessionId/:participantId')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Submit name, document and selfie; 202 once accepted, the result arrives on the session',
    description:
      'After a failure whose reasons are all retryable, the same participant (same token) may submit again through this route: ' +
      'up to 3 submissions in all (`attemptsLeft` on the session), then 409 `attempts_exhausted`; a failure for a final reason ' +
      '(`document_expired`, `invited_name_mismatch`) answers 409 `not_retryable`. A check with no result 90 s after its ' +
      'acceptance ends `failed` with `check_timeout` (retryable). ' +
      '`proofOfLife` may carry a liveness capture: the `challenge` of the challenge route and the camera frames taken while the person followed it ' +
      `(at most ${LIMITS.livenessFramesMax}, each at most ${LIMITS.livenessFrameMaxBytes / 1024} kB, refused by length before any is decoded: 422 \`image_too_large\`). ` +
      "A challenge that is not the server's, is for another place or attempt, or has expired answers 410 `liveness_challenge_invalid` and changes nothing. " +
      `Frames that do not follow the challenge (frames looking at the camera first, then at least ${MIN_FRAMES_PER_MOVE} of each move, as the page takes them, ` +
      `in the challenge's order, ${JUDGED_FRAMES_PER_MOVE.min} to ${JUDGED_FRAMES_PER_MOVE.max} of them without \`flow\`; the face's points are followed from frame to frame, ` +
      'and a move is judged on its frames without `flow` alone) ' +
      'answer 422 `liveness_capture_invalid` and change nothing. ' +
      'Where the deployment enforces liveness, a submission without a capture answers 422 `liveness_capture_required` and changes nothing, and the check ' +
      'decides whether a live head made the moves, in order, and is the person of the selfie: else it fails `liveness_failed` (retryable). ' +
      "Elsewhere it decides only where the selfie copies the document's portrait detail for detail (a portrait cut out of the card, or pasted over " +
      "another face), which fails `liveness_failed` unless the capture shows the selfie's person live; else it is measured and decides nothing (docs/liveness.md).",
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
