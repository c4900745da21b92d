import { type CreateSessionResponse, SUBJECTS } from '@idv/contracts';
import { DAY_MS, TestClock, twoPeople, sessionsForSuite } from '../testing/sessions-harness';
import { RetentionSweeper } from './retention.sweeper';

const body = twoPeople('Retention test');

describe('retention sweeper (integration, controllable clock)', () => {
  const clock = new TestClock(new Date('2026-01-01T00:00:00Z'));
  const h = sessionsForSuite('sessions_retention', { clock });

  it('deletes exactly the sessions and state records older than 30 days', async () => {
    const create = () => h.send<CreateSessionResponse>(SUBJECTS.sessions.create, body);
    const oldest = await h.withBoClaimed(body);
    clock.advance(1000);
    const newer = await create();
    const sweeper = h.service.get(RetentionSweeper);

    // 30 days after the first creation, to the millisecond: the first is due, the second is not yet.
    clock.current = new Date(new Date(oldest.session.createdAt).getTime() + 30 * DAY_MS - 1);
    expect(await sweeper.sweep()).toEqual({ sessions: 0, transitions: 0 });
    clock.advance(1);
    expect(await sweeper.sweep()).toEqual({ sessions: 1, transitions: 1 });
    expect(await h.sessions.exists({ _id: oldest.session._id })).toBeNull();
    expect(await h.transitions.countDocuments({ sessionId: oldest.session._id })).toBe(0);
    expect(await h.sessions.exists({ _id: newer.session._id })).not.toBeNull();

    clock.advance(1000);
    expect(await sweeper.sweep()).toEqual({ sessions: 1, transitions: 0 });
    expect(await h.sessions.countDocuments()).toBe(0);
  });
});
