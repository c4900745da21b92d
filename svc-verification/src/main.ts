import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { QUEUE_GROUPS } from '@idv/contracts';
import { natsConnectionOptions, runService } from '@idv/service-kit';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { loadVerificationEnv } from './config/env';

runService('svc-verification', async () => {
  const env = loadVerificationEnv();
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule.forRoot(env), {
    transport: Transport.NATS,
    bufferLogs: true,
    options: { ...natsConnectionOptions(env.NATS_URL, 'svc-verification'), queue: QUEUE_GROUPS.verification },
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.listen();
});
