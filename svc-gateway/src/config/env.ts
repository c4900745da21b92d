import { LOG_LEVEL_DESCRIPTION, envInteger, envList, envString, envUrls, loadEnv } from '@idv/service-kit';
import { envSecretKeys } from '../auth/secret-keys';

export const gatewayEnvSpec = {
  HOST: envString('interface the HTTP server listens on', '0.0.0.0'),
  PORT: envInteger('HTTP port', 3000, { min: 0, max: 65535 }),
  NATS_URL: envUrls('NATS server the gateway sends requests to, or the nodes of a cluster', ['nats'], 'nats://127.0.0.1:4222'),
  API_KEY: envString(
    "the publishable browser key: the app's pages send it in x-api-key (every visitor can read it in /config.json), so it is accepted only from an allowed Origin; generate a long random value",
  ),
  API_SECRET_KEYS: envSecretKeys('secret keys of server-side API clients, accepted from anywhere and logged by name only'),
  NATS_REQUEST_TIMEOUT_MS: envInteger('how long the gateway waits for a service before answering 504', 5000, {
    min: 100,
    max: 120000,
  }),
  HEALTH_TIMEOUT_MS: envInteger('how long a health probe of one service may take', 1500, { min: 100, max: 30000 }),
  CORS_ORIGINS: envList('browser origins allowed to call the API', []),
  RATE_LIMIT_WINDOW_MS: envInteger('rate-limit window per client', 60000, { min: 1000, max: 3600000 }),
  RATE_LIMIT_MAX: envInteger('requests one browser client (address) may make per route and window', 600, { min: 1, max: 10000000 }),
  RATE_LIMIT_KEY_MAX: envInteger('requests one secret key (API_SECRET_KEYS) may make per window, across every route and address', 6000, {
    min: 1,
    max: 100000000,
  }),
  RATE_LIMIT_VERIFICATION_MAX: envInteger('verification submissions one browser client (address) may make per window', 20, { min: 1, max: 10000000 }),
  RATE_LIMIT_KEY_VERIFICATION_MAX: envInteger('verification submissions one secret key may make per window, from any address', 600, { min: 1, max: 100000000 }),
  RATE_LIMIT_PARTICIPANT_SUBMISSIONS_MAX: envInteger(
    'verification submissions one participant place may make per participant window, whatever its token (a handoff does not start it again)',
    10,
    {
      min: 1,
      max: 10000000,
    },
  ),
  RATE_LIMIT_PARTICIPANT_WINDOW_MS: envInteger('window of the per-participant submission limit', 3600000, { min: 1000, max: 86400000 }),
  SUBMISSIONS_IN_FLIGHT_MAX: envInteger(
    'verification submissions one gateway reads and hands on at once; past it, 503 verification_busy with Retry-After before the body is read',
    8,
    { min: 1, max: 10000 },
  ),
  TRUST_PROXY: envString(
    'proxies whose X-Forwarded-For is believed for the client address (Express trust proxy: addresses, subnets or loopback/linklocal/uniquelocal); none by default, so a forged header changes nothing',
    'none',
  ),
  SESSION_STREAMS_PER_CLIENT: envInteger('live session streams (GET /api/sessions/:id/events) one client address may hold open at once', 20, {
    min: 1,
    max: 100000,
  }),
  SESSION_STREAMS_MAX: envInteger('live session streams one gateway instance holds open at once, all clients together', 2000, { min: 1, max: 1000000 }),
  SESSION_STREAM_MAX_MS: envInteger('how long one live session stream stays open before the gateway closes it (the browser opens it again)', 900000, {
    min: 1000,
    max: 86400000,
  }),
  LOG_LEVEL: envString(LOG_LEVEL_DESCRIPTION, 'info'),
};

export type GatewayEnv = ReturnType<typeof loadGatewayEnv>;

export function loadGatewayEnv(source: Record<string, string | undefined> = process.env) {
  return loadEnv(gatewayEnvSpec, source);
}

export const GATEWAY_ENV = Symbol('GATEWAY_ENV');
