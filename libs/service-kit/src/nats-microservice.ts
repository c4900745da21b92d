import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { Logger } from 'nestjs-pino';
import { natsConnectionOptions } from './nats-options';

/**
 * A service as it runs: a NestJS microservice on NATS in its queue group (one instance of the group answers each request),
 * its logs in JSON from start-up on (serviceLogging's nestjs-pino logger), stopped cleanly on SIGTERM.
 */
export async function listenOnNats(module: DynamicModule, service: { name: string; natsUrl: string; queue: string }): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, {
    transport: Transport.NATS,
    bufferLogs: true,
    options: { ...natsConnectionOptions(service.natsUrl, service.name), queue: service.queue },
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.listen();
  return app;
}
