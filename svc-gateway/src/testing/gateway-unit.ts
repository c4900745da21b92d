import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppModule } from '../app.module';
import { loadGatewayEnv } from '../config/env';
import { configureApp } from '../http/configure-app';
import { NATS_CLIENT } from '../nats/nats-client.token';
import { SessionChanges } from '../session-events/session-changes';
import { ServicesStandIn } from './services-stand-in';
import { TEST_API_KEY, TEST_BROWSER_KEY } from './start-test-gateway';

/** Live session changes that never come (no NATS): a stream shows what it reads. */
const noSessionChanges = {
  on: () => () => undefined,
  onReconnect: () => () => undefined,
  onModuleInit: () => undefined,
  onApplicationShutdown: async () => undefined,
};

/**
 * The whole gateway (guards, pipes, filters, body parsers, limits) built by Nest's testing module,
 * with the services behind it answered in memory (ServicesStandIn) instead of over NATS: unit tests
 * of its HTTP rules. The integration tests run it on the real NATS.
 */
export async function gatewayUnderTest(overrides: Record<string, string> = {}): Promise<{ app: INestApplication; baseUrl: string; services: ServicesStandIn }> {
  const env = loadGatewayEnv({
    API_KEY: TEST_BROWSER_KEY,
    API_SECRET_KEYS: `unit-tests=${TEST_API_KEY}`,
    CORS_ORIGINS: 'http://app.example.com',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  const services = new ServicesStandIn();
  const module = await Test.createTestingModule({ imports: [AppModule.forRoot(env)] })
    .overrideProvider(NATS_CLIENT)
    .useValue(services)
    .overrideProvider(SessionChanges)
    .useValue(noSessionChanges)
    .compile();
  const app = module.createNestApplication({ bodyParser: false, bufferLogs: true, logger: false });
  configureApp(app, env);
  await app.listen(0, '127.0.0.1');
  return { app, baseUrl: `${await app.getUrl()}/api`, services };
}
