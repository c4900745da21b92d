import crypto from 'node:crypto';

/**
 * The gateway settings of a benchmark whose one client makes all the load: a secret key of its own (a server-side
 * client), every per-client and per-key limit lifted out of the way, the request logs quiet. `gatewayEnv` goes to
 * startServices; `secretKey` is the load generator's x-api-key.
 */
export function benchClientGateway() {
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
  return { secretKey, gatewayEnv };
}
