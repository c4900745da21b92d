import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { ApiKeyGuard } from './auth/api-key.guard';
import { GATEWAY_ENV, type GatewayEnv } from './config/env';
import { ApiExceptionFilter } from './errors/api-exception.filter';
import { HealthModule } from './health/health.module';
import { gatewayLogging } from './logging/logging.module';
import { NatsClientModule } from './nats/nats-client.module';
import { SessionsModule } from './sessions/sessions.module';
import { VerificationController } from './verification/verification.controller';
import { VerificationModule } from './verification/verification.module';

@Global()
@Module({})
export class AppModule {
  static forRoot(env: GatewayEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        gatewayLogging(env.LOG_LEVEL),
        ThrottlerModule.forRoot([
          { name: 'default', ttl: env.RATE_LIMIT_WINDOW_MS, limit: env.RATE_LIMIT_MAX },
          // The tight limit counts verification submissions only; no other route has to opt out of it.
          {
            name: 'submissions',
            ttl: env.RATE_LIMIT_WINDOW_MS,
            limit: env.RATE_LIMIT_VERIFICATION_MAX,
            skipIf: (context) => context.getClass() !== VerificationController,
          },
        ]),
        NatsClientModule,
        HealthModule,
        SessionsModule,
        VerificationModule,
      ],
      providers: [
        { provide: GATEWAY_ENV, useValue: env },
        // Rate limits first, so wrong API keys are limited too; then the key.
        { provide: APP_GUARD, useClass: ThrottlerGuard },
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
      exports: [GATEWAY_ENV],
    };
  }
}
