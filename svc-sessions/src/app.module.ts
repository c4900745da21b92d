import { type DynamicModule, Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { SESSIONS_ENV, type SessionsEnv } from './config/env';
import { HealthModule } from './health/health.module';

@Global()
@Module({})
export class AppModule {
  static forRoot(env: SessionsEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        MongooseModule.forRoot(env.MONGODB_URI, { serverSelectionTimeoutMS: 5000 }),
        HealthModule,
      ],
      providers: [{ provide: SESSIONS_ENV, useValue: env }],
      exports: [SESSIONS_ENV],
    };
  }
}
