import { Global, Module } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { natsConnectionOptions } from '@idv/service-kit';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';
import { NATS_CLIENT } from './nats-client.token';
import { ServiceClient } from './service-client';

@Global()
@Module({
  imports: [
    ClientsModule.registerAsync([
      {
        name: NATS_CLIENT,
        inject: [GATEWAY_ENV],
        useFactory: (env: GatewayEnv) => ({
          transport: Transport.NATS,
          options: natsConnectionOptions(env.NATS_URL, 'svc-gateway'),
        }),
      },
    ]),
  ],
  providers: [ServiceClient],
  exports: [ClientsModule, ServiceClient],
})
export class NatsClientModule {}
