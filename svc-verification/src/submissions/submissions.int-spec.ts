import type { INestMicroservice } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy, Transport } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { QUEUE_GROUPS, SUBJECTS, VERIFICATION_STATUS_STREAM, type VerificationStatusEvent, verificationStatusSubject } from '@idv/contracts';
import { ensureVerificationStatusStream, natsConnectionOptions } from '@idv/service-kit';
import { randomBytes } from 'node:crypto';
import { JSONCodec, type NatsConnection, connect } from 'nats';
import { type NestAnswer, answerAsNestService } from '@idv/test-kit';
import { firstValueFrom } from 'rxjs';
import sharp from 'sharp';
import { AppModule } from '../app.module';
import { loadVerificationEnv } from '../config/env';
import { EngineModule } from '../engine/engine.module';
import { VerificationEngine, type VerificationOutcome } from '../engine/verification-engine';

/** The alphabet of session codes. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The checks, stood in for: each answers `verified` once the test lets it (at once unless held). */
class EngineStandIn extends VerificationEngine {
  checks = 0;
  private held: (() => void)[] = [];
  holding = false;
  async verify(): Promise<VerificationOutcome> {
    this.checks++;
    if (this.holding) await new Promise<void>((resolve) => this.held.push(resolve));
    return { decision: 'verified', reasons: [] };
  }
  release(): void {
    this.holding = false;
    for (const resolve of this.held.splice(0)) resolve();
  }
}

/** svc-sessions on the real NATS, in NestJS' wire format: what it is asked, and what it answers to `place` and `beginVerification`. */
function sessionsStandIn(nats: NatsConnection) {
  const asked: { subject: string; data: Record<string, unknown> }[] = [];
  const answers: Record<string, NestAnswer> = {};
  const reset = () => {
    asked.length = 0;
    answers[SUBJECTS.sessions.place] = { response: { held: true } };
    answers[SUBJECTS.sessions.beginVerification] = {
      response: { accepted: true, invitedName: 'Bo Li', deadline: new Date(Date.now() + 60_000).toISOString(), attempt: 1 },
    };
  };
  reset();
  const subscriptions = [SUBJECTS.sessions.place, SUBJECTS.sessions.beginVerification].map((subject) =>
    answerAsNestService<Record<string, unknown> | undefined>(nats, subject, (data) => {
      asked.push({ subject, data: data ?? {} });
      return answers[subject];
    }),
  );
  return { asked, answers, reset, stop: () => subscriptions.forEach((s) => s.unsubscribe()) };
}

/**
 * svc-verification as it runs (its NATS listener, the catalogue's validation, the work queue, the JetStream publisher) on
 * the real NATS, with svc-sessions and the AI checks stood in for: what a submission does on the wire.
 */
describe('svc-verification over NATS and JetStream (integration)', () => {
  const engine = new EngineStandIn();
  let nats: NatsConnection;
  let sessions: ReturnType<typeof sessionsStandIn>;
  let service: INestMicroservice;
  let client: ClientProxy;
  let image: string;

  /** Starts svc-verification with one check at a time and no queue: a second submission while one runs is refused. */
  async function startService(): Promise<INestMicroservice> {
    const env = loadVerificationEnv({ ...process.env, VERIFICATION_CONCURRENCY: '1', VERIFICATION_QUEUE_MAX: '0' });
    const testingModule = await Test.createTestingModule({ imports: [AppModule.forRoot(env)] })
      .overrideModule(EngineModule)
      .useModule({ module: class EngineStandInModule {}, providers: [{ provide: VerificationEngine, useValue: engine }], exports: [VerificationEngine] })
      .compile();
    const microservice = testingModule.createNestMicroservice({
      transport: Transport.NATS,
      options: { ...natsConnectionOptions(env.NATS_URL, 'svc-verification'), queue: QUEUE_GROUPS.verification },
      logger: false,
    });
    await microservice.listen();
    return microservice;
  }

  beforeAll(async () => {
    if (!process.env.NATS_URL) throw new Error('Integration tests need NATS_URL: run them through `npm test`.');
    nats = await connect({ servers: process.env.NATS_URL });
    await ensureVerificationStatusStream(await nats.jetstreamManager(), 1);
    sessions = sessionsStandIn(nats);
    service = await startService();
    client = ClientProxyFactory.create({ transport: Transport.NATS, options: natsConnectionOptions(process.env.NATS_URL, 'verification-test-client') });
    await client.connect();
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    image = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  });

  afterAll(async () => {
    engine.release();
    await client?.close();
    await service?.close();
    sessions?.stop();
    await nats?.drain();
  });

  beforeEach(() => {
    sessions.reset();
    engine.checks = 0;
  });

  /** A submission of a new place (its own session id, so that its result is its own on the stream). */
  function submission(overrides: Record<string, unknown> = {}) {
    return {
      sessionId: Array.from(randomBytes(12), (byte) => CROCKFORD[byte & 31]).join(''),
      participantId: randomBytes(16).toString('base64url').slice(0, 22),
      token: randomBytes(32).toString('base64url'),
      idempotencyKey: `key-${randomBytes(8).toString('hex')}`,
      submission: { realName: 'Bo Li', idDocumentFront: image, idDocumentBack: image, selfie: image, proofOfLife: '' },
      ...overrides,
    };
  }

  const submit = (command: unknown) => firstValueFrom(client.send<{ accepted: boolean }>(SUBJECTS.verification.submit, command));
  const submitError = (command: unknown) =>
    submit(command).then(
      () => {
        throw new Error('the submission was accepted where an error was expected');
      },
      (error: { code: string; message: string; fieldCodes?: Record<string, string> }) => error,
    );

  /** The result stored on the status stream for this participant, waiting up to `ms` for it. */
  async function storedResult(sessionId: string, participantId: string, ms = 10000): Promise<VerificationStatusEvent | undefined> {
    const jsm = await nats.jetstreamManager();
    const deadline = Date.now() + ms;
    for (;;) {
      try {
        const stored = await jsm.streams.getMessage(VERIFICATION_STATUS_STREAM.name, { last_by_subj: verificationStatusSubject(sessionId, participantId) });
        return JSONCodec<VerificationStatusEvent>().decode(stored.data);
      } catch {
        if (Date.now() > deadline) return undefined;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  it('accepts a submission at once, asks svc-sessions with its key, and stores its result on the stream under the participant', async () => {
    const command = submission();
    expect(await submit(command)).toEqual({ accepted: true });
    const stored = await storedResult(command.sessionId, command.participantId);
    expect(stored).toMatchObject({ sessionId: command.sessionId, participantId: command.participantId, decision: 'verified', reasons: [], attempt: 1 });
    expect(stored?.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessions.asked.map((a) => a.subject)).toEqual([SUBJECTS.sessions.place, SUBJECTS.sessions.beginVerification]);
    expect(sessions.asked[1].data).toMatchObject({
      sessionId: command.sessionId,
      participantId: command.participantId,
      idempotencyKey: command.idempotencyKey,
    });
    expect(engine.checks).toBe(1);
  });

  it("relays svc-sessions' refusal of the token, and begins and checks nothing", async () => {
    sessions.answers[SUBJECTS.sessions.place] = { err: { code: 'invalid_token', message: 'This token holds no place in this session' } };
    const command = submission();
    expect((await submitError(command)).code).toBe('invalid_token');
    expect(sessions.asked.map((a) => a.subject)).toEqual([SUBJECTS.sessions.place]);
    expect(engine.checks).toBe(0);
    expect(await storedResult(command.sessionId, command.participantId, 300)).toBeUndefined();
  });

  it('refuses a body the catalogue does not allow with validation_failed and its field codes, before svc-sessions is asked', async () => {
    const error = await submitError(
      submission({ submission: { realName: '', idDocumentFront: image, idDocumentBack: image, selfie: image, proofOfLife: '' } }),
    );
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fieldCodes ?? {})).toContain('submission.realName');
    expect(sessions.asked).toEqual([]);
  });

  it('when busy, refuses with verification_busy before the participant is marked submitted; the check in hand still lands', async () => {
    engine.holding = true;
    const first = submission();
    await submit(first);
    const second = submission();
    expect((await submitError(second)).code).toBe('verification_busy');
    // svc-sessions was asked to begin the first only: the second person is not left `submitted` by a check that never runs.
    const begun = sessions.asked.filter((a) => a.subject === SUBJECTS.sessions.beginVerification).map((a) => a.data.participantId);
    expect(begun).toEqual([first.participantId]);
    engine.release();
    expect(await storedResult(first.sessionId, first.participantId)).toMatchObject({ decision: 'verified' });
    // Free again: the second person's try now runs.
    await submit(second);
    expect(await storedResult(second.sessionId, second.participantId)).toMatchObject({ decision: 'verified' });
  });

  it('stopping, it finishes the check in hand and stores its result before it closes', async () => {
    engine.holding = true;
    const command = submission();
    await submit(command);
    const closing = service.close();
    setTimeout(() => engine.release(), 300);
    await closing;
    expect(await storedResult(command.sessionId, command.participantId, 2000)).toMatchObject({ decision: 'verified' });
    service = await startService();
  });
});
