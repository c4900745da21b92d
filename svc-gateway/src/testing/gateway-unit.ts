import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppModule } from '../app.module';
import { NATS_CLIENT } from '../nats/nats-client.token';
import { SessionChanges } from '../session-events/session-changes';
import { ServicesStandIn } from './services-stand-in';
import { gatewayTestEnv, serveForTests } from './start-test-gateway';

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
  const env = gatewayTestEnv({ CORS_ORIGINS: 'http://app.example.com', ...overrides });
  const services = new ServicesStandIn();
  const module = await Test.createTestingModule({ imports: [AppModule.forRoot(env)] })
    .overrideProvider(NATS_CLIENT)
    .useValue(services)
    .overrideProvider(SessionChanges)
    .useValue(noSessionChanges)
    .compile();
  const app = module.createNestApplication({ bodyParser: false, bufferLogs: true, logger: false });
  return { app, baseUrl: await serveForTests(app, env), services };
}
