import {
  type ClaimParticipantResponse,
  type CreateSessionResponse,
  PARTICIPANT_STATUSES,
  type ParticipantStatus,
  SUBJECTS,
  type SessionView,
  verificationReason,
} from '@idv/contracts';
import { TestClock, twoPeople, sessionsForSuite } from '../testing/sessions-harness';
import { type Actor, type ParticipantEvent, PARTICIPANT_LIFECYCLE, ruleFor } from './participant-lifecycle';
import { ParticipantLifecycle } from './participant-lifecycle.service';
import { SessionStore } from './session-store';

const S = SUBJECTS.sessions;
const EVENTS: ParticipantEvent[] = ['claim', 'release', 'submit', 'retry', 'decline', 'cancel', 'verified', 'failed', 'deadline'];
const ACTOR_OF: Record<ParticipantEvent, Actor> = {
  claim: 'invitee',
  release: 'initiator',
  submit: 'participant',
  retry: 'participant',
  decline: 'participant',
  cancel: 'initiator',
  verified: 'verification',
  failed: 'verification',
  deadline: 'clock',
};
/** Every state a participant can be read in, with how to bring one there. */
const STATES = ['pending (unclaimed)', 'pending (claimed)', 'submitted', 'declined', 'verified', 'failed (retryable)', 'failed (final)', 'cancelled'] as const;
type State = (typeof STATES)[number];

describe('participant lifecycle: the whole table against the real database (integration)', () => {
  const clock = new TestClock();
  const h = sessionsForSuite('sessions_lifecycle', { clock });
  let lifecycle: ParticipantLifecycle;
  let store: SessionStore;

  beforeAll(() => {
    lifecycle = h.service.get(ParticipantLifecycle);
    store = h.service.get(SessionStore);
  });

  /** A session and one of its participants as they are now. */
  async function current(sessionId: string, participantId: string) {
    const session = (await store.session(sessionId))!;
    return { session, participant: (await store.participant(session, participantId))! };
  }

  /** A new session whose invited participant is in `state`. */
  async function participantIn(state: State) {
    const { session, initiatorToken } = await h.send<CreateSessionResponse>(S.create, twoPeople());
    const [ana, bo] = session.participants;
    const sessionId = session._id;
    if (state !== 'pending (unclaimed)' && state !== 'cancelled') {
      const { participantToken } = await h.send<ClaimParticipantResponse>(S.claim, { termsAccepted: true, sessionId, participantId: bo._id, email: bo.email });
      if (state === 'declined') await h.send(S.decline, { sessionId, participantId: bo._id, token: participantToken });
      if (state === 'submitted' || state === 'verified' || state.startsWith('failed')) {
        await h.send(S.beginVerification, { sessionId, participantId: bo._id, token: participantToken });
      }
    }
    if (state === 'cancelled') await h.send(S.cancel, { sessionId, token: initiatorToken, initiatorId: ana._id, reason: 'Plans changed' });
    const read = () => current(sessionId, bo._id);
    if (state === 'verified') {
      const { session: now, participant } = await read();
      expect(await lifecycle.apply(now, participant, 'verified', 'verification')).toBe('applied');
    }
    if (state.startsWith('failed')) {
      const { session: now, participant } = await read();
      const reason = verificationReason(state === 'failed (final)' ? 'document_expired' : 'face_mismatch');
      expect(await lifecycle.apply(now, participant, 'failed', 'verification', { result: { decidedAt: clock.now(), reasons: [reason] } })).toBe('applied');
    }
    return { sessionId, read };
  }

  const status = (state: State): ParticipantStatus =>
    state.startsWith('pending') ? 'pending' : state.startsWith('failed') ? 'failed' : (state as ParticipantStatus);

  it('has a rule for exactly the changes the product allows, and final states have none', () => {
    for (const final of ['declined', 'verified', 'cancelled'] as const) {
      expect(PARTICIPANT_LIFECYCLE.filter((rule) => rule.from === final)).toEqual([]);
    }
    // Failed is final but for a retry, which needs a retryable failure with attempts left.
    expect(PARTICIPANT_LIFECYCLE.filter((rule) => rule.from === 'failed')).toEqual([expect.objectContaining({ event: 'retry', requires: 'retryable' })]);
    expect(PARTICIPANT_LIFECYCLE.map((r) => `${r.from} -${r.event}(${r.by})-> ${r.to}`)).toEqual([
      'pending -claim(invitee)-> pending',
      'pending -release(initiator)-> pending',
      'pending -submit(participant)-> submitted',
      'pending -decline(participant)-> declined',
      'pending -cancel(initiator)-> cancelled',
      'submitted -verified(verification)-> verified',
      'submitted -failed(verification)-> failed',
      'submitted -deadline(clock)-> failed',
      'submitted -cancel(initiator)-> cancelled',
      'failed -retry(participant)-> submitted',
    ]);
    for (const rule of PARTICIPANT_LIFECYCLE) expect(PARTICIPANT_STATUSES).toContain(rule.to);
  });

  for (const state of STATES) {
    for (const event of EVENTS) {
      const rule = ruleFor(status(state), event);
      const allowed =
        rule !== undefined &&
        !(rule.requires === 'unclaimed' && state === 'pending (claimed)') &&
        !(rule.requires === 'claimed' && state === 'pending (unclaimed)') &&
        !(rule.requires === 'retryable' && state === 'failed (final)');
      it(`${state} + ${event}: ${allowed ? `-> ${rule!.to}` : 'refused, nothing changes'}`, async () => {
        const { read } = await participantIn(state);
        const { session, participant: before } = await read();
        const records = await h.transitions.countDocuments();
        const outcome = await lifecycle.apply(session, before, event, ACTOR_OF[event], event === 'claim' ? { tokenHash: 'a'.repeat(64) } : {});
        const { participant: after } = await read();
        if (allowed) {
          expect(outcome).toBe('applied');
          expect(after.status).toBe(rule!.to);
          expect(await h.transitions.countDocuments()).toBe(records + 1);
          // The same change again, from the state read before it, is lost: exactly once.
          expect(await lifecycle.apply(session, before, event, ACTOR_OF[event])).toBe('lost');
        } else {
          expect(outcome).toBe('refused');
          expect(after).toEqual(before);
          expect(await h.transitions.countDocuments()).toBe(records);
        }
      });
    }
  }

  it('refuses an allowed change made by anyone but the one the table names', async () => {
    for (const rule of PARTICIPANT_LIFECYCLE) {
      const { read } = await participantIn(rule.from === 'pending' ? 'pending (unclaimed)' : rule.from === 'failed' ? 'failed (retryable)' : 'submitted');
      const others = (['invitee', 'participant', 'initiator', 'verification', 'clock'] as const).filter((actor) => actor !== rule.by);
      const { session, participant } = await read();
      for (const actor of others) expect(await lifecycle.apply(session, participant, rule.event, actor)).toBe('refused');
    }
  });

  it('an expired session takes no change at all, not even the result of a check it accepted', async () => {
    const { read } = await participantIn('submitted');
    const { session, participant } = await read();
    const before = clock.current;
    clock.current = new Date(session.expiresAt.getTime());
    try {
      expect(await lifecycle.apply(session, participant, 'verified', 'verification')).toBe('refused');
      expect((await read()).participant.status).toBe('submitted');
    } finally {
      clock.current = before;
    }
  });

  it('cancel racing a submission: the session ends cancelled, the participant cancelled, and a later result does not land', async () => {
    for (let round = 0; round < 8; round++) {
      const { session, initiatorToken, bo, boToken: participantToken } = await h.withBoClaimed();
      const ana = session.participants[0];
      const [submitted] = await Promise.allSettled([
        h.send(S.beginVerification, { sessionId: session._id, participantId: bo._id, token: participantToken }),
        h.send(S.cancel, { sessionId: session._id, token: initiatorToken, initiatorId: ana._id, reason: 'Plans changed' }),
      ]);
      if (submitted.status === 'rejected') expect((submitted.reason as { code: string }).code).toBe('session_cancelled');
      const { session: cancelled, participant } = await current(session._id, bo._id);
      expect(participant.status).toBe('cancelled');
      expect(await lifecycle.apply(cancelled, participant, 'verified', 'verification')).toBe('refused');
      // Had the submission won, the cancellation recorded the decision slot: a result that read the
      // participant as still submitted loses it.
      if (submitted.status === 'fulfilled') {
        const readBeforeTheCancel = { ...cancelled, isCancelled: false };
        expect(await lifecycle.apply(readBeforeTheCancel, { ...participant, status: 'submitted' }, 'verified', 'verification')).toBe('lost');
      }
      const view = await h.send<SessionView>(S.get, { sessionId: session._id });
      expect([view.status, view.participants[1].status]).toEqual(['cancelled', 'cancelled']);
    }
  });

  it('cancel racing a claim, a decline and a release: once cancelled, nothing changes any more', async () => {
    for (let round = 0; round < 6; round++) {
      const three = { ...twoPeople(), participants: [...twoPeople().participants, { name: 'Cy Do', email: 'cy@example.com' }] };
      const { session, initiatorToken } = await h.send<CreateSessionResponse>(S.create, three);
      const [ana, bo, cy] = session.participants;
      const { participantToken } = await h.send<ClaimParticipantResponse>(S.claim, {
        termsAccepted: false,
        sessionId: session._id,
        participantId: bo._id,
        email: bo.email,
      });
      const cancel = h.send(S.cancel, { sessionId: session._id, token: initiatorToken, initiatorId: ana._id, reason: 'Plans changed' });
      const racers = await Promise.allSettled([
        cancel,
        h.send(S.decline, { sessionId: session._id, participantId: bo._id, token: participantToken }),
        h.send(S.claim, { termsAccepted: true, sessionId: session._id, participantId: cy._id, email: cy.email }),
        h.send(S.release, { sessionId: session._id, participantId: bo._id, token: initiatorToken }),
      ]);
      expect(racers[0].status).toBe('fulfilled');
      for (const lost of racers.slice(1).filter((r) => r.status === 'rejected')) {
        expect(['session_cancelled', 'participant_not_pending', 'cannot_release']).toContain((lost.reason as { code: string }).code);
      }
      const after = await h.send<SessionView>(S.get, { sessionId: session._id });
      expect(after.status).toBe('cancelled');
      // Every change tried after the cancellation is refused, and what is shown stays as it is.
      const records = await h.transitions.countDocuments();
      const late = await Promise.allSettled([
        h.send(S.decline, { sessionId: session._id, participantId: bo._id, token: participantToken }),
        h.send(S.claim, { termsAccepted: true, sessionId: session._id, participantId: cy._id, email: cy.email }),
        h.send(S.release, { sessionId: session._id, participantId: bo._id, token: initiatorToken }),
        h.send(S.beginVerification, { sessionId: session._id, participantId: bo._id, token: participantToken }),
      ]);
      expect(late.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
      expect(await h.transitions.countDocuments()).toBe(records);
      expect(await h.send<SessionView>(S.get, { sessionId: session._id })).toEqual(after);
    }
  });

  it('cancel racing a result: exactly one wins, and what is shown never changes afterwards', async () => {
    for (let round = 0; round < 8; round++) {
      const { session, initiatorToken, bo, boToken: participantToken } = await h.withBoClaimed();
      const ana = session.participants[0];
      await h.send(S.beginVerification, { sessionId: session._id, participantId: bo._id, token: participantToken });
      const { session: open, participant: submitted } = await current(session._id, bo._id);
      await Promise.all([
        lifecycle.apply(open, submitted, 'verified', 'verification'),
        h.send(S.cancel, { sessionId: session._id, token: initiatorToken, initiatorId: ana._id, reason: 'Plans changed' }),
      ]);
      const first = (await h.send<SessionView>(S.get, { sessionId: session._id })).participants[1].status;
      expect(['verified', 'cancelled']).toContain(first);
      expect(await lifecycle.apply(open, submitted, 'failed', 'verification')).not.toBe('applied');
      expect((await h.send<SessionView>(S.get, { sessionId: session._id })).participants[1].status).toBe(first);
    }
  });
});
