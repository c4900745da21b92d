import type { Participant } from './schemas/participant.schema';
import type { Session } from './schemas/session.schema';
import type { Transition } from './schemas/transition.schema';
import { participantState, sessionState } from './session-state';

const at = new Date('2026-11-01T00:00:00Z');
const session: Session = {
  _id: 'ABCDEFGHJKMN',
  initiator: 'Ana',
  initiatorParticipantId: 'ana',
  participants: [
    { _id: 'ana', position: 0, name: 'Ana', email: 'ana@example.com' },
    { _id: 'bo', position: 1, name: 'Bo', email: 'bo@example.com' },
  ],
  initiatorTokenHash: 'initiator-hash',
  purpose: 'Sale',
  createdAt: at,
  expiresAt: at,
  deleteAt: at,
};
const person = (_id: string, position: number): Participant => session.participants[position] ?? { _id, position, name: _id, email: '' };
const record = (to: string, extra: Partial<Transition> = {}): Transition => ({ _id: 'x', sessionId: session._id, to, createdAt: at, deleteAt: at, ...extra });
const open = sessionState(session, undefined);
const cancelled = sessionState(session, record('cancelled', { reason: 'Changed my mind' }));

describe('participantState: a participant as its transition records say', () => {
  it('is pending and unclaimed with no records; the initiator holds its place with the initiator token', () => {
    expect(participantState(person('bo', 1), open, {})).toMatchObject({ status: 'pending', tokenHash: null });
    expect(participantState(person('ana', 0), open, {})).toMatchObject({ status: 'pending', tokenHash: 'initiator-hash' });
  });

  it('takes the token hash from the claim, the status from the response, then from the decision with its result', () => {
    const claim = record('claimed', { tokenHash: 'bo-hash' });
    expect(participantState(person('bo', 1), open, { claim })).toMatchObject({ status: 'pending', tokenHash: 'bo-hash' });
    expect(participantState(person('bo', 1), open, { claim, respond: record('submitted') }).status).toBe('submitted');
    const decide = record('failed', { result: { decidedAt: at, reasons: [] } });
    expect(participantState(person('bo', 1), open, { claim, respond: record('submitted'), decide })).toMatchObject({
      status: 'failed',
      result: { reasons: [] },
    });
  });

  it('in a cancelled session, reads pending and submitted as cancelled, and leaves final states alone', () => {
    expect(participantState(person('bo', 1), cancelled, {}).status).toBe('cancelled');
    expect(participantState(person('bo', 1), cancelled, { respond: record('submitted') }).status).toBe('cancelled');
    expect(participantState(person('bo', 1), cancelled, { respond: record('declined') }).status).toBe('declined');
    expect(participantState(person('bo', 1), cancelled, { respond: record('submitted'), decide: record('verified') }).status).toBe('verified');
    expect(cancelled).toMatchObject({ isCancelled: true, cancelReason: 'Changed my mind' });
    expect(open.isCancelled).toBe(false);
  });
});
