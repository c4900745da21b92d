import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SUBJECTS, type HealthReport } from '@idv/contracts';
import { connect, type NatsConnection, type Subscription } from 'nats';
import { answerAsNestService } from '@idv/test-kit';
import { AppModule } from '../app.module';
import { loadGatewayEnv } from '../config/env';

/** A responder standing in for a service process, so the gateway's view of each dependency can be switched on and off. */
const respond = (nats: NatsConnection, subject: string, response: unknown): Subscription => answerAsNestService(nats, subject, () => ({ response }));

describe('GET /api/health (integration, real NATS)', () => {
  let app: INestApplication;
  let nats: NatsConnection;
  let baseUrl: string;

  beforeAll(async () => {
    if (!process.env.NATS_URL) throw new Error('Integration tests need NATS_URL: run them through `npm test`.');
    const env = loadGatewayEnv({ ...process.env, API_KEY: 'integration-test-key', HEALTH_TIMEOUT_MS: '500' });
    app = await NestFactory.create(AppModule.forRoot(env), { logger: false });
    app.setGlobalPrefix('api');
    await app.listen(0, '127.0.0.1');
    baseUrl = `${await app.getUrl()}/api`;
    nats = await connect({ servers: env.NATS_URL });
  });

  afterAll(async () => {
    await app?.close();
    await nats?.drain();
  });

  async function health(): Promise<{ status: number; body: HealthReport }> {
    const response = await fetch(`${baseUrl}/health`);
    return { status: response.status, body: (await response.json()) as HealthReport };
  }

  it('answers 503 naming the services that do not answer, with NATS up', async () => {
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(body).toEqual({
      status: 'degraded',
      checks: { gateway: 'up', nats: 'up', sessions: 'down', verification: 'down', database: 'down' },
    });
  });

  it('answers 200 on /health/live while its dependencies are down (the probes of an orchestrator)', async () => {
    expect((await health()).status).toBe(503);
    const response = await fetch(`${baseUrl}/health/live`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 200 when both services answer and the database is up', async () => {
    const subscriptions = [
      respond(nats, SUBJECTS.sessions.health, { service: 'svc-sessions', status: 'up', checks: { database: 'up' } }),
      respond(nats, SUBJECTS.verification.health, { service: 'svc-verification', status: 'up', checks: {} }),
    ];
    await nats.flush();
    try {
      const { status, body } = await health();
      expect(status).toBe(200);
      expect(body.status).toBe('ok');
    } finally {
      subscriptions.forEach((s) => s.unsubscribe());
    }
  });

  it('reports the database down when svc-sessions says so', async () => {
    const subscriptions = [
      respond(nats, SUBJECTS.sessions.health, { service: 'svc-sessions', status: 'down', checks: { database: 'down' } }),
      respond(nats, SUBJECTS.verification.health, { service: 'svc-verification', status: 'up', checks: {} }),
    ];
    await nats.flush();
    try {
      const { status, body } = await health();
      expect(status).toBe(503);
      expect(body.checks).toMatchObject({ sessions: 'down', database: 'down', verification: 'up', nats: 'up' });
    } finally {
      subscriptions.forEach((s) => s.unsubscribe());
    }
  });
});
