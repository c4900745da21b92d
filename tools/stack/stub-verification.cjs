/**
 * svc-verification as built, with its AI checks replaced by "verified" after STUB_CHECK_MS (0 by
 * default): for `npm run bench:api`, where submissions then cost only their data path (gateway,
 * NATS, the session's checks and records, the JetStream result event), and for the fault suite,
 * which needs checks in flight for a known time when it breaks things. Everything else (queue,
 * time limit, deadline, result publishing, NATS reconnection) is the real service. Never used
 * outside those scripts.
 *
 * With STUB_CHECK_LOG set (the scale test), each check appends a line `{ instance, name, event }`
 * to that file when it starts and when it ends (`event`: start, done), STUB_INSTANCE naming this
 * process: which instance did which check, and how many times.
 */
require('reflect-metadata');
const path = require('node:path');
const { Test } = require('@nestjs/testing');
const { Transport } = require('@nestjs/microservices');
const { QUEUE_GROUPS } = require('@idv/contracts');
const { natsConnectionOptions } = require('@idv/service-kit');

const dist = path.resolve(__dirname, '../../svc-verification/dist');
const { AppModule } = require(path.join(dist, 'app.module.js'));
const { loadVerificationEnv } = require(path.join(dist, 'config/env.js'));
const { VerificationEngine } = require(path.join(dist, 'engine/verification-engine.js'));

const fs = require('node:fs');

const checkMs = Number(process.env.STUB_CHECK_MS ?? 0);
const checkLog = process.env.STUB_CHECK_LOG;
const instance = process.env.STUB_INSTANCE ?? String(process.pid);
const note = (name, event) => checkLog && fs.appendFileSync(checkLog, `${JSON.stringify({ instance, name, event })}\n`);

class VerifiesAfterAWhile extends VerificationEngine {
  async verify(input) {
    note(input.realName, 'start');
    if (checkMs > 0) await new Promise((resolve) => setTimeout(resolve, checkMs));
    note(input.realName, 'done');
    return { decision: 'verified', reasons: [] };
  }
}

(async () => {
  const env = loadVerificationEnv();
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(env)] })
    .overrideProvider(VerificationEngine)
    .useValue(new VerifiesAfterAWhile())
    .compile();
  const app = moduleRef.createNestMicroservice({
    transport: Transport.NATS,
    options: { ...natsConnectionOptions(env.NATS_URL, 'svc-verification (stub checks)'), queue: QUEUE_GROUPS.verification },
  });
  app.enableShutdownHooks();
  await app.listen();
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
