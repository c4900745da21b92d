import { Global, Module } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';

/** The one NATS connection of the gateway, injected as NATS_CLIENT. */
export const NATS_CLIENT = 'NATS_CLIENT';

@Global()
@Module({
  imports: [
    ClientsModule.registerAsync([
      {
        name: NATS_CLIENT,
        inject: [GATEWAY_ENV],
        useFactory: (env: GatewayEnv) => ({
          transport: Transport.NATS,
          options: { servers: [env.NATS_URL], name: 'svc-gateway' },
        }),
      },
    ]),
  ],
  exports: [ClientsModule],
})
export class NatsClientModule {}
