import { type INestMicroservice } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy, Transport } from '@nestjs/microservices';
import { NestFactory } from '@nestjs/core';
import { QUEUE_GROUPS, SUBJECTS, type ServiceHealthReply } from '@idv/contracts';
import { firstValueFrom } from 'rxjs';
import { AppModule } from '../app.module';
import { loadSessionsEnv } from '../config/env';
import { TEST_SESSIONS_SECRET } from '../testing/sessions-harness';

/** Against the real NATS and database that tools/test.mjs starts (NATS_URL, MONGODB_URI). */
describe('svc-sessions health over NATS (integration)', () => {
  const env = loadSessionsEnv({ SESSIONS_SECRET: TEST_SESSIONS_SECRET, ...process.env });
  let service: INestMicroservice;
  let client: ClientProxy;

  beforeAll(async () => {
    if (!process.env.NATS_URL || !process.env.MONGODB_URI) {
      throw new Error('Integration tests need NATS_URL and MONGODB_URI: run them through `npm test`.');
    }
    service = await NestFactory.createMicroservice(AppModule.forRoot(env), {
      transport: Transport.NATS,
      options: { servers: [env.NATS_URL], queue: QUEUE_GROUPS.sessions },
      logger: false,
    });
    await service.listen();
    client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [env.NATS_URL] } });
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
    await service?.close();
  });

  it('answers on its health subject with the database up', async () => {
    const reply = await firstValueFrom(client.send<ServiceHealthReply>(SUBJECTS.sessions.health, {}));
    expect(reply).toEqual({ service: 'svc-sessions', status: 'up', checks: { database: 'up' } });
  });
});
