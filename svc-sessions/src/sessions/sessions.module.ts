import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Session, SessionSchema } from './schemas/session.schema';
import { Transition, TransitionSchema } from './schemas/transition.schema';
import { ParticipantTransitions } from './participant-transitions';
import { ParticipantLifecycle } from './participant-lifecycle.service';
import { SessionReadCache } from './session-read-cache';
import { SessionStore } from './session-store';
import { CheckDeadlines } from './check-deadlines';
import { ClaimEmailCheck } from './claim-email-check';
import { NatsConnectionProvider } from '@idv/service-kit';
import { SESSIONS_ENV, type SessionsEnv } from '../config/env';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';
import { PlaceHandoff } from './place-handoff.service';
import { IdempotencyKeys } from './idempotency';
import { PublishedResults } from './published-results';
import { LivenessChallenges } from './liveness-challenges.service';

/** The sessions use cases and what they are made of, besides the database and NATS they are given. */
export const SESSIONS_PROVIDERS = [
  SessionsService,
  IdempotencyKeys,
  LivenessChallenges,
  PublishedResults,
  PlaceHandoff,
  ParticipantTransitions,
  ParticipantLifecycle,
  ClaimEmailCheck,
  SessionStore,
  CheckDeadlines,
  SessionReadCache,
];

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Session.name, schema: SessionSchema },
      { name: Transition.name, schema: TransitionSchema },
    ]),
  ],
  controllers: [SessionsController],
  providers: [
    ...SESSIONS_PROVIDERS,
    { provide: NatsConnectionProvider, inject: [SESSIONS_ENV], useFactory: (env: SessionsEnv) => new NatsConnectionProvider(env.NATS_URL, 'svc-sessions') },
  ],
  exports: [MongooseModule, ParticipantLifecycle, SessionStore, SessionReadCache, NatsConnectionProvider],
})
export class SessionsModule {}
