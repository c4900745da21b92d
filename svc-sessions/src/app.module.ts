import { type DynamicModule, Global, Module } from '@nestjs/common';
import { serviceLogging } from '@idv/service-kit';
import { MongooseModule } from '@nestjs/mongoose';
import { Clock, SystemClock } from './clock/clock';
import { SESSIONS_ENV, type SessionsEnv } from './config/env';
import { HealthModule } from './health/health.module';
import { RetentionModule } from './retention/retention.module';
import { SessionsModule } from './sessions/sessions.module';
import { StatusEventsModule } from './status-events/status-events.module';

/** How long an operation waits for a database it cannot reach before it fails (answered 503). */
export const DATABASE_AWAY_AFTER_MS = 500;

@Global()
@Module({})
export class AppModule {
  /** `clock` is replaceable so tests can move time (expiry, retention). */
  static forRoot(env: SessionsEnv, clock: Clock = new SystemClock()): DynamicModule {
    return {
      module: AppModule,
      imports: [
        serviceLogging('svc-sessions', env.LOG_LEVEL),
        // The database away: a call fails within DATABASE_AWAY_AFTER_MS, and the gateway answers 503
        // with Retry-After, as health does, instead of waiting out its own timeout (504 after 5 s).
        // Mongoose would otherwise hold each operation for up to 10 s until the connection is back.
        MongooseModule.forRoot(env.MONGODB_URI, { serverSelectionTimeoutMS: DATABASE_AWAY_AFTER_MS, bufferCommands: false }),
        HealthModule,
        SessionsModule,
        StatusEventsModule,
        RetentionModule,
      ],
      providers: [
        { provide: SESSIONS_ENV, useValue: env },
        { provide: Clock, useValue: clock },
      ],
      exports: [SESSIONS_ENV, Clock],
    };
  }
}
