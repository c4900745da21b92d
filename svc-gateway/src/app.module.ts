import { type DynamicModule, Global, Module } from '@nestjs/common';
import { GATEWAY_ENV, type GatewayEnv } from './config/env';
import { HealthModule } from './health/health.module';
import { NatsClientModule } from './nats/nats-client.module';

@Global()
@Module({})
export class AppModule {
  static forRoot(env: GatewayEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [NatsClientModule, HealthModule],
      providers: [{ provide: GATEWAY_ENV, useValue: env }],
      exports: [GATEWAY_ENV],
    };
  }
}
