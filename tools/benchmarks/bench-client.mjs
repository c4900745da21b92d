import crypto from 'node:crypto';
import { startServices } from '../stack/services.mjs';

/**
 * The services of a benchmark whose one client makes all the load: started on `infrastructure` with a browser key nobody
 * uses, a secret key of its own for the load generator (a server-side client: `secretKey`, its x-api-key), every
 * per-client and per-key limit lifted out of the way and the request logs quiet. `options` go to startServices as well.
 */
export async function startServicesForOneClient(group, infrastructure, options) {
  const secretKey = crypto.randomBytes(32).toString('base64url');
  // As high as the gateway's settings allow (10,000,000 a window for a browser client, more for a key).
  const gatewayEnv = {
    RATE_LIMIT_MAX: '10000000',
    RATE_LIMIT_KEY_MAX: '100000000',
    RATE_LIMIT_VERIFICATION_MAX: '10000000',
    RATE_LIMIT_KEY_VERIFICATION_MAX: '10000000',
    LOG_LEVEL: 'warn',
    API_SECRET_KEYS: `bench=${secretKey}`,
  };
  const apiKey = crypto.randomBytes(32).toString('base64url');
  const started = await startServices(group, { ...infrastructure, apiKey, corsOrigins: [], publicAppUrl: 'http://localhost:4200', gatewayEnv, ...options });
  return { ...started, secretKey };
}
