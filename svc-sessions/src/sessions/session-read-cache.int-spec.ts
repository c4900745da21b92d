import { type CreateSessionResponse } from '@idv/contracts';
import { type SessionsHarness, TestClock, startSessions, uniqueDatabaseUri, twoPeople } from '../testing/sessions-harness';
import { SessionsService } from './sessions.service';

const body = twoPeople('Cache test');

/** Two copies of svc-sessions on one database: a write on one is seen on the other at once. */
describe('cached session reads across service copies (integration)', () => {
  const databaseUri = uniqueDatabaseUri('sessions_cache');
  let a: SessionsHarness;
  let b: SessionsHarness;

  beforeAll(async () => {
    a = await startSessions({ databaseUri, clock: new TestClock() });
    b = await startSessions({ databaseUri, clock: new TestClock() });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('drops a cached read everywhere when a session changes', async () => {
    const serviceA = a.service.get(SessionsService);
    const serviceB = b.service.get(SessionsService);
    const { session } = (await serviceA.create(body)) as CreateSessionResponse;
    const bo = session.participants[1];

    expect((await serviceA.get({ sessionId: session._id })).participants[1].claimed).toBe(false);
    await serviceB.claim({ termsAccepted: true, sessionId: session._id, participantId: bo._id, email: bo.email });
    // The broadcast travels over NATS; allow it a moment, far less than the cache lifetime.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await serviceA.get({ sessionId: session._id })).participants[1].claimed).toBe(true);
  });

  it('serves repeated reads from memory until something changes', async () => {
    const service = a.service.get(SessionsService);
    const { session } = (await service.create(body)) as CreateSessionResponse;
    await service.get({ sessionId: session._id });
    // A change made behind the service's back (not through it) is not seen while cached...
    await a.sessions.updateOne({ _id: session._id }, { $set: { 'participants.1.name': 'Changed Directly' } });
    expect((await service.get({ sessionId: session._id })).participants[1].name).toBe('Bo Li');
    // ...and a change through the service is.
    await service.claim({ termsAccepted: true, sessionId: session._id, participantId: session.participants[1]._id, email: session.participants[1].email });
    expect((await service.get({ sessionId: session._id })).participants[1].name).toBe('Changed Directly');
  });
});
