import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { ApiKeyGuard } from './auth/api-key.guard';
import { ApiKeys } from './auth/api-keys';
import { GATEWAY_ENV, type GatewayEnv } from './config/env';
import { ApiExceptionFilter } from './errors/api-exception.filter';
import { HealthModule } from './health/health.module';
import { gatewayLogging } from './logging/logging.module';
import { FixedWindowRateLimitStorage } from './http/rate-limit-storage';
import { rateLimits } from './http/rate-limits';
import { NatsClientModule } from './nats/nats-client.module';
import { SessionEventsModule } from './session-events/session-events.module';
import { SessionsModule } from './sessions/sessions.module';
import { VerificationModule } from './verification/verification.module';

@Global()
@Module({})
export class AppModule {
  static forRoot(env: GatewayEnv): DynamicModule {
    const keys = new ApiKeys(env);
    return {
      module: AppModule,
      imports: [
        gatewayLogging(env.LOG_LEVEL),
        // Per client and route, and per secret key (http/rate-limits.ts), in fixed windows (http/rate-limit-storage.ts).
        // The tight submission limits (per client, per participant) are counted in the same storage before
        // the body is read (http/submission-limits.ts).
        ThrottlerModule.forRoot({ throttlers: rateLimits(env, keys), storage: new FixedWindowRateLimitStorage() }),
        NatsClientModule,
        HealthModule,
        SessionsModule,
        SessionEventsModule,
        VerificationModule,
      ],
      providers: [
        { provide: GATEWAY_ENV, useValue: env },
        { provide: ApiKeys, useValue: keys },
        // Rate limits first, so wrong API keys are limited too; then the key.
        { provide: APP_GUARD, useClass: ThrottlerGuard },
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
      exports: [GATEWAY_ENV],
    };
  }
}
