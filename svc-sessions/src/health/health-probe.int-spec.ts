import { type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Transport } from '@nestjs/microservices';
import { QUEUE_GROUPS, SUBJECTS } from '@idv/contracts';
import { probeNatsHealth } from '@idv/service-kit';
import { AppModule } from '../app.module';
import { loadSessionsEnv } from '../config/env';
import { TEST_SESSIONS_SECRET } from '../testing/sessions-harness';

/** The container health check's probe, against the real service on the real NATS. */
describe('container health probe (integration)', () => {
  const env = loadSessionsEnv({ SESSIONS_SECRET: TEST_SESSIONS_SECRET, ...process.env });
  let service: INestMicroservice | undefined;

  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  it('fails while no svc-sessions listens', async () => {
    await expect(probeNatsHealth(env.NATS_URL, SUBJECTS.sessions.health, 1000)).rejects.toThrow();
  });

  it('passes once svc-sessions answers with its database up', async () => {
    service = await NestFactory.createMicroservice(AppModule.forRoot(env), {
      transport: Transport.NATS,
      options: { servers: [env.NATS_URL], queue: QUEUE_GROUPS.sessions },
      logger: false,
    });
    await service.listen();
    await expect(probeNatsHealth(env.NATS_URL, SUBJECTS.sessions.health)).resolves.toBe(true);
  });
});
