import { type DynamicModule, Global, Module } from '@nestjs/common';
import { serviceLogging } from '@idv/service-kit';
import { MongooseModule } from '@nestjs/mongoose';
import { Clock, SystemClock } from './clock/clock';
import { SESSIONS_ENV, type SessionsEnv } from './config/env';
import { HealthModule } from './health/health.module';
import { RetentionModule } from './retention/retention.module';
import { SessionsModule } from './sessions/sessions.module';
import { StatusEventsModule } from './status-events/status-events.module';

@Global()
@Module({})
export class AppModule {
  /** `clock` is replaceable so tests can move time (expiry, retention). */
  static forRoot(env: SessionsEnv, clock: Clock = new SystemClock()): DynamicModule {
    return {
      module: AppModule,
      imports: [
        serviceLogging('svc-sessions', env.LOG_LEVEL),
        MongooseModule.forRoot(env.MONGODB_URI, { serverSelectionTimeoutMS: 5000 }),
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
