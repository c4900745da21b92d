import { canTryAgain, resultsArePending, resultsMayChange, waitingIsOver } from './participant';
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

describe('canTryAgain', () => {
  const failed = (codes: { retryable: boolean }[], attemptsLeft = 2) => ({ status: 'failed' as const, attemptsLeft, result: { reasons: codes } });
  it('only after a failure whose every reason is retryable, while attempts are left', () => {
    expect(canTryAgain(failed([{ retryable: true }]))).toBe(true);
    expect(canTryAgain(failed([{ retryable: true }, { retryable: false }]))).toBe(false);
    expect(canTryAgain(failed([{ retryable: true }], 0))).toBe(false);
    expect(canTryAgain(failed([]))).toBe(false);
    expect(canTryAgain({ status: 'verified', attemptsLeft: 2, result: { reasons: [] } })).toBe(false);
    expect(canTryAgain({ status: 'failed', result: { reasons: [{ retryable: true }] } })).toBe(false);
  });
});

describe('resultsMayChange', () => {
  const retryable = { status: 'failed' as const, attemptsLeft: 1, result: { reasons: [{ retryable: true }] } };
  const spent = { ...retryable, attemptsLeft: 0 };
  it('while a check runs or someone may still try again, never in a cancelled or expired session', () => {
    expect(resultsMayChange({ isCancelled: false, participants: [{ status: 'verified' }, retryable] })).toBe(true);
    expect(resultsMayChange({ isCancelled: false, participants: [{ status: 'verified' }, spent] })).toBe(false);
    expect(resultsMayChange({ isCancelled: false, participants: [{ status: 'submitted' }, spent] })).toBe(true);
    expect(resultsMayChange({ isCancelled: false, participants: [{ status: 'pending' }, spent] })).toBe(true);
    expect(resultsMayChange({ isCancelled: true, participants: [retryable] })).toBe(false);
    expect(resultsMayChange({ isCancelled: false, status: 'expired', participants: [retryable] })).toBe(false);
  });
});
