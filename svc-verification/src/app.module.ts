import { type DynamicModule, Global, Module } from '@nestjs/common';
import { serviceLogging } from '@idv/service-kit';
import { VERIFICATION_ENV, type VerificationEnv } from './config/env';
import { HealthModule } from './health/health.module';
import { SubmissionsModule } from './submissions/submissions.module';

@Global()
@Module({})
export class AppModule {
  static forRoot(env: VerificationEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [serviceLogging('svc-verification', env.LOG_LEVEL), HealthModule, SubmissionsModule],
      providers: [{ provide: VERIFICATION_ENV, useValue: env }],
      exports: [VERIFICATION_ENV],
    };
  }
}
