import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { loadGatewayEnv } from '../config/env';
import { configureApp } from '../http/configure-app';

/** A secret key (server-side client "integration-tests"): accepted from anywhere, as the tests call. */
export const TEST_API_KEY = 'integration-test-secret-key-0123456789abcdef';
/** The publishable browser key: accepted only from an allowed Origin. */
export const TEST_BROWSER_KEY = 'integration-test-browser-key-0123456789';

/**
 * The gateway in the test's process on the real NATS (NATS_URL), on a free port, silent, with a
 * short service timeout; `overrides` set any other variable.
 */
export async function startTestGateway(overrides: Record<string, string> = {}): Promise<{ app: INestApplication; baseUrl: string }> {
  const env = loadGatewayEnv({
    ...process.env,
    API_KEY: TEST_BROWSER_KEY,
    API_SECRET_KEYS: `integration-tests=${TEST_API_KEY}`,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NATS_REQUEST_TIMEOUT_MS: '400',
    ...overrides,
  });
  const app = await NestFactory.create(AppModule.forRoot(env), { bodyParser: false, bufferLogs: true, logger: false });
  configureApp(app, env);
  await app.listen(0, '127.0.0.1');
  return { app, baseUrl: `${await app.getUrl()}/api` };
}
