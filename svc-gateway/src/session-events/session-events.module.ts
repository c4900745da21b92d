import { Module } from '@nestjs/common';
import { SessionChanges } from './session-changes';
import { SessionEventsController } from './session-events.controller';
import { SessionStreams } from './session-streams';

/** Live session streams: GET /api/sessions/:id/events, fed by svc-sessions' change broadcasts. */
@Module({ controllers: [SessionEventsController], providers: [SessionChanges, SessionStreams], exports: [SessionStreams] })
export class SessionEventsModule {}
