import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { type GatewayEnv, loadGatewayEnv } from '../config/env';
import { configureApp } from '../http/configure-app';

/** A secret key (server-side client "integration-tests"): accepted from anywhere, as the tests call. */
export const TEST_API_KEY = 'integration-test-secret-key-0123456789abcdef';
/** The publishable browser key: accepted only from an allowed Origin. */
export const TEST_BROWSER_KEY = 'integration-test-browser-key-0123456789';

/**
 * The gateway's settings in tests: the keys above, a free port, silent, a short service timeout;
 * `overrides` set any other variable, over `base` (the integration tests pass process.env, for NATS_URL).
 */
export function gatewayTestEnv(overrides: Record<string, string> = {}, base: Record<string, string | undefined> = {}): GatewayEnv {
  return loadGatewayEnv({
    ...base,
    API_KEY: TEST_BROWSER_KEY,
    API_SECRET_KEYS: `integration-tests=${TEST_API_KEY}`,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NATS_REQUEST_TIMEOUT_MS: '400',
    ...overrides,
  });
}

/** Everything around the routes (configureApp), listening on a free port: the API's base URL. */
export async function serveForTests(app: INestApplication, env: GatewayEnv): Promise<string> {
  configureApp(app, env);
  await app.listen(0, '127.0.0.1');
  return `${await app.getUrl()}/api`;
}

/** The gateway in the test's process on the real NATS (NATS_URL), with gatewayTestEnv's settings. */
export async function startTestGateway(overrides: Record<string, string> = {}): Promise<{ app: INestApplication; baseUrl: string }> {
  const env = gatewayTestEnv(overrides, process.env);
  const app = await NestFactory.create(AppModule.forRoot(env), { bodyParser: false, bufferLogs: true, logger: false });
  return { app, baseUrl: await serveForTests(app, env) };
}
