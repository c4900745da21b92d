import { SUBJECTS, type VerificationStatusEvent } from '@idv/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { delay, of, throwError } from 'rxjs';
import sharp from 'sharp';
import { loadVerificationEnv } from '../config/env';
import { VerificationEngine, type VerificationInput, type VerificationOutcome } from '../engine/verification-engine';
import type { StatusPublisher } from '../events/status-publisher';
import { SubmissionsService } from './submissions.service';

class FakeEngine extends VerificationEngine {
  constructor(private readonly behaviour: (stop?: AbortSignal, input?: VerificationInput) => Promise<VerificationOutcome>) {
    super();
  }
  verify(input: VerificationInput, stop?: AbortSignal) {
    return this.behaviour(stop, input);
  }
}

/** The service's own rules, with its boundaries (NATS client, publisher, engine) replaced. */
describe('SubmissionsService', () => {
  let image: string;
  const events: VerificationStatusEvent[] = [];
  const sessionsCalls: unknown[] = [];
  const sessionsSubjects: string[] = [];
  const sessions = {
    send: (subject: string, payload: unknown) => {
      sessionsSubjects.push(subject);
      if (subject === SUBJECTS.sessions.place) return of({ held: true });
      sessionsCalls.push(payload);
      return of({ accepted: true, invitedName: 'Bo Li', deadline: new Date(Date.now() + 60_000).toISOString(), attempt: 1 });
    },
  } as unknown as ClientProxy;
  const publisher = { publish: async (event: VerificationStatusEvent) => void events.push(event) } as unknown as StatusPublisher;

  beforeAll(async () => {
    image = `data:image/jpeg;base64,${(
      await sharp({ create: { width: 32, height: 32, channels: 3, background: '#777' } })
        .jpeg()
        .toBuffer()
    ).toString('base64')}`;
  });

  beforeEach(() => {
    events.length = 0;
    sessionsCalls.length = 0;
    sessionsSubjects.length = 0;
  });

  const payload = () => ({
    sessionId: '0123456789AB',
    participantId: 'A'.repeat(22),
    token: 'T'.repeat(43),
    submission: { realName: 'Bo Li', idDocumentFront: image, idDocumentBack: image, selfie: image, proofOfLife: '' },
  });

  /** `client`, answering that the token holds its place (the first thing a submission asks). */
  const placeHeld = (client: ClientProxy) =>
    ({
      send: (subject: string, payload: unknown) => (subject === SUBJECTS.sessions.place ? of({ held: true }) : client.send(subject, payload)),
    }) as unknown as ClientProxy;
  const service = (engine: VerificationEngine, env: Record<string, string> = {}, sessionsClient: ClientProxy = sessions) =>
    new SubmissionsService(placeHeld(sessionsClient), loadVerificationEnv({ VERIFICATION_TIMEOUT_MS: '1000', ...env }), engine, publisher);
  const hangs = () => new FakeEngine(() => new Promise<VerificationOutcome>(() => undefined));
  const oneAtATime = { VERIFICATION_CONCURRENCY: '1', VERIFICATION_QUEUE_MAX: '0', VERIFICATION_TIMEOUT_MS: '60000' };

  async function settle(predicate: () => boolean, ms = 3000) {
    const deadline = Date.now() + ms;
    while (!predicate() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  it('refuses a damaged image before asking svc-sessions, naming the first refused field in the form order', async () => {
    const damaged = `data:image/jpeg;base64,${Buffer.concat([Buffer.from(image.split(',')[1], 'base64').subarray(0, 200), Buffer.alloc(400, 0x55)]).toString('base64')}`;
    const submission = { ...payload().submission, idDocumentBack: damaged, selfie: damaged };
    const refused = service(new FakeEngine(async () => ({ decision: 'verified', reasons: [] }))).submit({ ...payload(), submission });
    await expect(refused).rejects.toMatchObject({ error: { code: 'image_unreadable', fields: { idDocumentBack: expect.any(String) } } });
    await expect(refused).rejects.not.toMatchObject({ error: { fields: { selfie: expect.any(String) } } });
    // Only whether the token holds the place was asked: the participant was not marked submitted.
    expect(sessionsCalls).toHaveLength(0);
  });

  it("sends a capture's challenge and its frames' steps and flow marks (not their images) to svc-sessions and gives the engine its checked frames with the moves svc-sessions answered", async () => {
    const inputs: VerificationInput[] = [];
    const engine = new FakeEngine(async (_stop, input) => {
      inputs.push(input!);
      return { decision: 'verified', reasons: [] };
    });
    const moves = ['turn_left', 'look_up', 'turn_right'];
    const withMoves = {
      send: (subject: string, payload: unknown) => {
        sessionsCalls.push(payload);
        return of({ accepted: true, invitedName: 'Bo Li', deadline: new Date(Date.now() + 60_000).toISOString(), attempt: 1, livenessMoves: moves });
      },
    } as unknown as ClientProxy;
    const proofOfLife = {
      challenge: 'lc1.terms.signature',
      frames: [
        { step: 'face_camera' as const, image },
        { step: 'turn_left' as const, image, flow: true as const },
        { step: 'turn_left' as const, image },
      ],
    };
    await service(engine, {}, withMoves).submit({ ...payload(), submission: { ...payload().submission, proofOfLife } });
    await settle(() => inputs.length > 0);
    expect(sessionsCalls[0]).toMatchObject({
      challenge: 'lc1.terms.signature',
      captureFrames: [{ step: 'face_camera' }, { step: 'turn_left', flow: true }, { step: 'turn_left' }],
    });
    expect(sessionsCalls[0]).not.toHaveProperty('captureFrames.2.flow');
    expect(inputs[0].liveness).toMatchObject({
      moves,
      frames: [{ step: 'face_camera', image: { type: 'jpeg', width: 32 } }, { step: 'turn_left', flow: true }, { step: 'turn_left' }],
    });
    expect(inputs[0].liveness?.frames[2]).not.toHaveProperty('flow');
  });

  it('enforced, refuses a submission without a capture before decoding an image or beginning anything; advisory, takes it', async () => {
    const checks: VerificationInput[] = [];
    const engine = new FakeEngine(async (_stop, input) => {
      checks.push(input!);
      return { decision: 'verified', reasons: [] };
    });
    // a selfie that cannot be decoded: refused for the capture, so it was never looked at
    const damaged = { ...payload().submission, selfie: `data:image/jpeg;base64,${Buffer.alloc(600, 0x55).toString('base64')}` };
    const refused = service(engine, { LIVENESS_HEAD_TURNS: 'enforced' }).submit({ ...payload(), submission: damaged });
    await expect(refused).rejects.toMatchObject({ error: { code: 'liveness_capture_required' } });
    expect(sessionsCalls).toHaveLength(0);

    await expect(service(engine, { LIVENESS_HEAD_TURNS: 'advisory' }).submit(payload())).resolves.toEqual({ accepted: true });
    await settle(() => checks.length > 0);
    expect(checks[0].liveness).toBeUndefined();
  });

  it('refuses a damaged frame of a capture before asking svc-sessions, naming the frame', async () => {
    const damaged = `data:image/jpeg;base64,${Buffer.concat([Buffer.from(image.split(',')[1], 'base64').subarray(0, 200), Buffer.alloc(400, 0x55)]).toString('base64')}`;
    const proofOfLife = {
      challenge: 'lc1.terms.signature',
      frames: [
        { step: 'face_camera' as const, image },
        { step: 'turn_left' as const, image: damaged },
      ],
    };
    const refused = service(new FakeEngine(async () => ({ decision: 'verified', reasons: [] }))).submit({
      ...payload(),
      submission: { ...payload().submission, proofOfLife },
    });
    await expect(refused).rejects.toMatchObject({ error: { code: 'image_unreadable', fields: { 'proofOfLife.frames[1].image': expect.any(String) } } });
    expect(sessionsCalls).toHaveLength(0);
  });

  it('refuses a token that holds no place before decoding any image', async () => {
    const strangers = {
      send: (subject: string) => {
        sessionsSubjects.push(subject);
        return throwError(() => ({ code: 'invalid_token', message: 'Invalid or missing participant token' }));
      },
    } as unknown as ClientProxy;
    // Images that would be refused if they were decoded: the token's refusal comes first.
    const submission = { ...payload().submission, idDocumentFront: 'data:image/jpeg;base64,AAAA' };
    const refused = new SubmissionsService(
      strangers,
      loadVerificationEnv({}),
      new FakeEngine(async () => ({ decision: 'verified', reasons: [] })),
      publisher,
    ).submit({
      ...payload(),
      submission,
    });
    await expect(refused).rejects.toMatchObject({ error: { code: 'invalid_token' } });
    expect(sessionsSubjects).toEqual([SUBJECTS.sessions.place]);
  });

  it('ends as failed with check_failed (retryable) when a check throws', async () => {
    await expect(service(new FakeEngine(() => Promise.reject(new Error('boom')))).submit(payload())).resolves.toEqual({ accepted: true });
    await settle(() => events.length > 0);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ decision: 'failed', reasons: [{ code: 'check_failed', retryable: true }] });
  });

  it('ends as failed with check_timeout (retryable) when a check runs past the limit', async () => {
    await service(new FakeEngine(() => new Promise<VerificationOutcome>(() => undefined))).submit(payload());
    await settle(() => events.length > 0);
    expect(events[0]).toMatchObject({ decision: 'failed', reasons: [{ code: 'check_timeout', retryable: true }] });
  });

  it('stops the check itself at the limit, not only its answer', async () => {
    let stopped: number | undefined;
    const started = Date.now();
    const engine = new FakeEngine(
      (stop) =>
        new Promise<VerificationOutcome>((_, reject) =>
          stop?.addEventListener('abort', () => {
            stopped = Date.now() - started;
            reject(stop.reason);
          }),
        ),
    );
    await service(engine).submit(payload());
    await settle(() => events.length > 0);
    expect(events[0]).toMatchObject({ reasons: [{ code: 'check_timeout' }] });
    // VERIFICATION_TIMEOUT_MS is 1000 here
    expect(stopped).toBeGreaterThanOrEqual(900);
    expect(stopped).toBeLessThan(2000);
  });

  it('does not run a check that waited in the queue past its deadline: it ends as check_timeout', async () => {
    let runs = 0;
    const deadlines = [60_000, 200];
    const sessionsWithDeadlines = {
      send: () => of({ accepted: true, invitedName: 'Bo Li', deadline: new Date(Date.now() + deadlines.shift()!).toISOString(), attempt: 1 }),
    } as unknown as ClientProxy;
    const engine = new FakeEngine(() => {
      runs++;
      return new Promise<VerificationOutcome>(() => undefined);
    });
    const one = service(engine, { VERIFICATION_CONCURRENCY: '1', VERIFICATION_QUEUE_MAX: '1', VERIFICATION_TIMEOUT_MS: '1000' }, sessionsWithDeadlines);
    await one.submit(payload());
    await one.submit(payload()); // waits behind the first, which runs its whole second
    await settle(() => events.length === 2);
    expect(events.map((e) => e.reasons[0]?.code)).toEqual(['check_timeout', 'check_timeout']);
    expect(runs).toBe(1);
  });

  it("counts a check's time limit from when it starts: a wait in the queue on a busy instance is not held against it", async () => {
    const takes700ms = new FakeEngine(
      () => new Promise<VerificationOutcome>((resolve) => setTimeout(() => resolve({ decision: 'verified', reasons: [] }), 700)),
    );
    const one = service(takes700ms, { VERIFICATION_CONCURRENCY: '1', VERIFICATION_QUEUE_MAX: '1', VERIFICATION_TIMEOUT_MS: '1000' });
    await one.submit(payload());
    await one.submit(payload()); // starts after 700 ms in the queue, and has its whole second
    await settle(() => events.length === 2);
    expect(events.map((e) => e.decision)).toEqual(['verified', 'verified']);
  });

  it('stops a check at the deadline svc-sessions gave when it is sooner than its own limit', async () => {
    const soon = {
      send: () => of({ accepted: true, invitedName: 'Bo Li', deadline: new Date(Date.now() + 300).toISOString(), attempt: 1 }),
    } as unknown as ClientProxy;
    const started = Date.now();
    await service(hangs(), { VERIFICATION_TIMEOUT_MS: '60000' }, soon).submit(payload());
    await settle(() => events.length > 0);
    expect(events[0]).toMatchObject({ decision: 'failed', reasons: [{ code: 'check_timeout' }] });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('publishes the engine outcome with no personal data in the event', async () => {
    await service(new FakeEngine(async () => ({ decision: 'verified', reasons: [] }))).submit(payload());
    await settle(() => events.length > 0);
    expect(Object.keys(events[0]).sort()).toEqual(['attempt', 'decidedAt', 'decision', 'eventId', 'participantId', 'reasons', 'sessionId']);
  });

  it('says which attempt its result decides, as svc-sessions numbered it', async () => {
    const retry = {
      send: () => of({ accepted: true, invitedName: 'Bo Li', deadline: new Date(Date.now() + 60_000).toISOString(), attempt: 2 }),
    } as unknown as ClientProxy;
    await service(new FakeEngine(async () => ({ decision: 'verified', reasons: [] })), {}, retry).submit(payload());
    await settle(() => events.length > 0);
    expect(events[0].attempt).toBe(2);
  });

  it('on shutdown takes no more work, and waits for the checks in hand to publish their results', async () => {
    let finish!: () => void;
    const slowCheck = new FakeEngine(() => new Promise<VerificationOutcome>((resolve) => (finish = () => resolve({ decision: 'verified', reasons: [] }))));
    const stopping = service(slowCheck, { VERIFICATION_TIMEOUT_MS: '60000' });
    await stopping.submit(payload());
    await settle(() => finish !== undefined);
    let stopped = false;
    const shutdown = stopping.beforeApplicationShutdown().then(() => (stopped = true));
    await expect(stopping.submit(payload())).rejects.toMatchObject({ error: { code: 'verification_busy' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    finish();
    await shutdown;
    expect(events).toHaveLength(1);
    expect(events[0].decision).toBe('verified');
  });

  it('on shutdown gives up waiting after the grace period', async () => {
    const stuck = service(hangs(), { VERIFICATION_TIMEOUT_MS: '60000', VERIFICATION_SHUTDOWN_GRACE_MS: '100' });
    await stuck.submit(payload());
    const started = Date.now();
    await stuck.beforeApplicationShutdown();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answers busy without asking svc-sessions when the queue is full', async () => {
    const slow = service(new FakeEngine(() => new Promise<VerificationOutcome>(() => undefined)), {
      VERIFICATION_CONCURRENCY: '1',
      VERIFICATION_QUEUE_MAX: '0',
      VERIFICATION_TIMEOUT_MS: '60000',
    });
    await slow.submit(payload());
    const callsBefore = sessionsCalls.length;
    await expect(slow.submit(payload())).rejects.toMatchObject({ error: { code: 'verification_busy' } });
    expect(sessionsCalls.length).toBe(callsBefore);
  });

  it('starts no second check for a submission sent again with its Idempotency-Key, and keeps no queue place for it', async () => {
    let checks = 0;
    const repeated = {
      send: (_subject: string, payload: unknown) => {
        sessionsCalls.push(payload);
        return of({ accepted: true, repeated: true, invitedName: 'Bo Li', deadline: new Date().toISOString(), attempt: 1 });
      },
    } as unknown as ClientProxy;
    const engine = new FakeEngine(() => {
      checks++;
      return new Promise<VerificationOutcome>(() => undefined);
    });
    const one = service(engine, oneAtATime, repeated);
    const withKey = { ...payload(), idempotencyKey: 'a-key-of-sixteen-chars' };
    await expect(one.submit(withKey)).resolves.toEqual({ accepted: true });
    await expect(one.submit(withKey)).resolves.toEqual({ accepted: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(checks).toBe(0);
    expect(events).toEqual([]);
    expect(sessionsCalls).toEqual([
      expect.objectContaining({ idempotencyKey: 'a-key-of-sixteen-chars' }),
      expect.objectContaining({ idempotencyKey: 'a-key-of-sixteen-chars' }),
    ]);
  });

  it('holds its queue place while svc-sessions answers: of two at once on a queue of one, one is accepted and one is busy, and no check is failed that never ran', async () => {
    const slowSessions = {
      send: (_subject: string, payload: unknown) => {
        sessionsCalls.push(payload);
        return of({ accepted: true, invitedName: 'Bo Li', deadline: new Date(Date.now() + 60_000).toISOString(), attempt: 1 }).pipe(delay(50));
      },
    } as unknown as ClientProxy;
    const one = service(hangs(), oneAtATime, slowSessions);
    const answers = await Promise.allSettled([one.submit(payload()), one.submit(payload())]);
    expect(answers.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(answers.find((a) => a.status === 'rejected')).toMatchObject({ reason: { error: { code: 'verification_busy' } } });
    // Only the accepted one was marked submitted, and nothing was published for the refused one.
    expect(sessionsCalls).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual([]);
  });

  it('gives its queue place back when svc-sessions refuses the submission', async () => {
    const refusing = {
      send: () => throwError(() => ({ code: 'already_submitted', message: 'A verification has already been submitted for this participant' })),
    } as unknown as ClientProxy;
    const one = service(hangs(), oneAtATime, refusing);
    await expect(one.submit(payload())).rejects.toBeDefined();
    await expect(one.submit(payload())).rejects.not.toMatchObject({ error: { code: 'verification_busy' } });
  });
});
