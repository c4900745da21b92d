import { resultsArePending, waitingIsOver } from './participant';
import type { ParticipantStatus } from './participant';

const session = (statuses: ParticipantStatus[], extra: { isCancelled?: boolean; status?: string } = {}) => ({
  isCancelled: extra.isCancelled ?? false,
  status: extra.status ?? 'in_progress',
  participants: statuses.map((status) => ({ status })),
});

describe('waitingIsOver', () => {
  it('keeps waiting while anyone is pending', () => {
    expect(waitingIsOver(session(['submitted', 'pending']))).toBe(false);
  });
  it.each<ParticipantStatus[]>([
    ['submitted', 'submitted'],
    ['verified', 'failed', 'declined'],
    ['verified', 'submitted'],
  ])('ends when every participant is %s', (...statuses) => {
    expect(waitingIsOver(session(statuses))).toBe(true);
  });
  it('ends on a cancelled or expired session', () => {
    expect(waitingIsOver(session(['pending', 'pending'], { isCancelled: true }))).toBe(true);
    expect(waitingIsOver(session(['pending', 'submitted'], { status: 'expired' }))).toBe(true);
  });
});

describe('resultsArePending', () => {
  it('is pending while a submission is being checked, not once all are final or cancelled', () => {
    expect(resultsArePending(session(['verified', 'submitted']))).toBe(true);
    expect(resultsArePending(session(['verified', 'failed']))).toBe(false);
    expect(resultsArePending(session(['submitted', 'pending'], { isCancelled: true }))).toBe(false);
    expect(resultsArePending(session(['verified', 'submitted'], { status: 'expired' }))).toBe(false);
  });
});
