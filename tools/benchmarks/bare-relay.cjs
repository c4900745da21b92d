/**
 * The data path's own ceiling, for `npm run bench:api`: a bare Node HTTP server that relays
 * `GET /api/sessions/:id` to svc-sessions over NATS, framed as the gateway's NestJS client frames
 * it, and answers with the reply. No framework (NestJS, Express), no middleware (security headers,
 * CORS, rate limits, API key, request logs), no validation: what svc-sessions, NATS and FerretDB
 * sustain on their own, so that the gateway's share of a read shows beside it. Never used outside
 * that script.
 *
 *   node tools/benchmarks/bare-relay.cjs <port> <NATS URL>
 */
const http = require('node:http');
const { JSONCodec, connect } = require('nats');
const { SUBJECTS } = require('@idv/contracts');

const [port, natsUrl] = process.argv.slice(2);
const codec = JSONCodec();
let nextId = 0;

(async () => {
  const nats = await connect({ servers: natsUrl });
  http
    .createServer(async (request, response) => {
      const sessionId = request.url.split('/').pop();
      try {
        const message = await nats.request(SUBJECTS.sessions.get, codec.encode({ pattern: SUBJECTS.sessions.get, data: { sessionId }, id: String(++nextId) }), {
          timeout: 5000,
        });
        const { err, response: view } = codec.decode(message.data);
        response.writeHead(err ? 404 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(err ?? view));
      } catch (error) {
        response.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(error) }));
      }
    })
    .listen(Number(port), '127.0.0.1');
})();
