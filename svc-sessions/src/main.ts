import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { QUEUE_GROUPS } from '@idv/contracts';
import { natsConnectionOptions, runService } from '@idv/service-kit';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { loadSessionsEnv } from './config/env';

runService('svc-sessions', async () => {
  const env = loadSessionsEnv();
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule.forRoot(env), {
    transport: Transport.NATS,
    bufferLogs: true,
    options: { ...natsConnectionOptions(env.NATS_URL, 'svc-sessions'), queue: QUEUE_GROUPS.sessions },
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.listen();
});
