// Container health check (the image's HEALTHCHECK): asks this gateway's own /api/health.
import { loadGatewayEnv } from './config/env';

const { HOST, PORT } = loadGatewayEnv();
// Listening on every interface (the default), it answers on the loopback.
const host = HOST === '0.0.0.0' || HOST === '::' ? '127.0.0.1' : HOST;
fetch(`http://${host}:${PORT}/api/health`, { signal: AbortSignal.timeout(4000) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
);
