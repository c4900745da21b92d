import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { LIMITS } from '@idv/contracts';
import type { Request, Response } from 'express';
import { SESSION_TOKEN_HEADER, SessionToken } from '../auth/session-token.decorator';
import { ApiErrors } from '../http/api-error.dto';
import { SessionIdParam } from '../http/path-params';
import { SessionStreams } from './session-streams';

/**
 * One event of the stream, as the OpenAPI document gives a `text/event-stream` per-event schema
 * (OpenAPI 3.0/3.1 put it in `schema`; 3.2 names it `itemSchema`): the SSE fields as an object.
 */
const SESSION_STREAM_EVENT = {
  type: 'object',
  required: ['event', 'data'],
  properties: {
    event: { type: 'string', enum: ['session', 'heartbeat'], description: '`session`: the session view; `heartbeat`: nothing changed, the stream is alive' },
    data: { type: 'string', description: 'JSON: for `session`, the session view of `GET /api/sessions/:id` (its 200 schema); for `heartbeat`, `{}`' },
    id: { type: 'string' },
    retry: { type: 'integer', description: 'How long to wait before opening the stream again, in ms' },
  },
};

@ApiTags('sessions')
@ApiSecurity('api-key')
@Controller('sessions')
export class SessionEventsController {
  constructor(private readonly streams: SessionStreams) {}

  @Get(':id/events')
  @ApiOperation({
    summary: 'A live stream of the session (Server-Sent Events): its view at once, then again whenever it changes',
    description:
      '`event: session` carries the session view, masked as the token allows (as `GET /api/sessions/:id`), at once and after every change ' +
      '(a claim, a decline, a release, a cancel, a submission, a result, a retry). `event: heartbeat` every ' +
      `${LIMITS.sessionStreamHeartbeatMs / 1000} s. ` +
      'The API key and the token are headers, so browsers read it with fetch (EventSource cannot send headers). A token sent must hold a place in the session ' +
      '(403 `invalid_token` otherwise). At most `SESSION_STREAMS_PER_CLIENT` open streams per client address (429) and `SESSION_STREAMS_MAX` per gateway (503); ' +
      'a stream is closed after `SESSION_STREAM_MAX_MS` and on shutdown: open it again (the `retry` field says after how long).',
  })
  @ApiHeader({ name: SESSION_TOKEN_HEADER, required: false, description: 'A token holding a place in the session; the initiator token reveals e-mails' })
  // The stream alone is text/event-stream; its refusals are JSON like every other route's.
  @ApiResponse({ status: 200, description: 'The stream, one event at a time', content: { 'text/event-stream': { schema: SESSION_STREAM_EVENT } } })
  @ApiErrors(400, 401, 403, 404, 429, 503, 504)
  async events(
    @SessionIdParam('id') sessionId: string,
    @SessionToken() token: string | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.streams.start({ sessionId, token, client: request.ip ?? request.socket.remoteAddress ?? 'unknown' }, response);
  }
}
