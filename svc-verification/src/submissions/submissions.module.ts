import { Module } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { NatsConnectionProvider, natsConnectionOptions } from '@idv/service-kit';
import { VERIFICATION_ENV, type VerificationEnv } from '../config/env';
import { EngineModule } from '../engine/engine.module';
import { StatusPublisher } from '../events/status-publisher';
import { SESSIONS_CLIENT } from './sessions-client.token';
import { SubmissionsController } from './submissions.controller';
import { SubmissionsService } from './submissions.service';

@Module({
  imports: [
    EngineModule,
    ClientsModule.registerAsync([
      {
        name: SESSIONS_CLIENT,
        inject: [VERIFICATION_ENV],
        useFactory: (env: VerificationEnv) => ({
          transport: Transport.NATS,
          options: natsConnectionOptions(env.NATS_URL, 'svc-verification'),
        }),
      },
    ]),
  ],
  controllers: [SubmissionsController],
  providers: [
    SubmissionsService,
    StatusPublisher,
    {
      provide: NatsConnectionProvider,
      inject: [VERIFICATION_ENV],
      useFactory: (env: VerificationEnv) => new NatsConnectionProvider(env.NATS_URL, 'svc-verification-status'),
    },
  ],
})
export class SubmissionsModule {}
