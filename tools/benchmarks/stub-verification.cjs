/**
 * svc-verification as built, with its AI checks replaced by an answer given at once ("verified"),
 * for `npm run bench:api`: submissions then cost only their data path (gateway, NATS, the
 * session's checks and records, the JetStream result event). Never used outside benchmarks.
 */
require('reflect-metadata');
const path = require('node:path');
const { Test } = require('@nestjs/testing');
const { Transport } = require('@nestjs/microservices');
const { QUEUE_GROUPS } = require('@idv/contracts');

const dist = path.resolve(__dirname, '../../svc-verification/dist');
const { AppModule } = require(path.join(dist, 'app.module.js'));
const { loadVerificationEnv } = require(path.join(dist, 'config/env.js'));
const { VerificationEngine } = require(path.join(dist, 'engine/verification-engine.js'));

class VerifiesAtOnce extends VerificationEngine {
  async verify() {
    return { decision: 'verified', reasons: [] };
  }
}

(async () => {
  const env = loadVerificationEnv();
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(env)] })
    .overrideProvider(VerificationEngine)
    .useValue(new VerifiesAtOnce())
    .compile();
  const app = moduleRef.createNestMicroservice({
    transport: Transport.NATS,
    options: { servers: [env.NATS_URL], queue: QUEUE_GROUPS.verification, name: 'svc-verification (stub checks)' },
  });
  app.enableShutdownHooks();
  await app.listen();
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
