import type { ParticipantStatus } from '@idv/contracts';
import { deriveSessionStatus } from './session-status';

const now = new Date('2026-11-22T12:00:00Z');
const later = new Date('2026-11-29T12:00:00Z');
const p = (status: ParticipantStatus, claimed = true) => ({ status, claimed });
const session = (participants: ReturnType<typeof p>[], extra: { isCancelled?: boolean; expiresAt?: Date } = {}) => ({
  isCancelled: false,
  expiresAt: later,
  participants,
  ...extra,
});

describe('deriveSessionStatus', () => {
  it('is cancelled first of all', () => {
    expect(deriveSessionStatus(session([p('verified'), p('verified')], { isCancelled: true }), now)).toBe('cancelled');
  });

  it('is completed when all are final, none failed and at least two verified', () => {
    expect(deriveSessionStatus(session([p('verified'), p('verified'), p('declined')]), now)).toBe('completed');
  });

  it('is failed when all are final but someone failed, or fewer than two verified', () => {
    expect(deriveSessionStatus(session([p('verified'), p('failed')]), now)).toBe('failed');
    expect(deriveSessionStatus(session([p('verified'), p('declined'), p('declined')]), now)).toBe('failed');
  });

  it('is expired when not final at the expiry time, even with submissions', () => {
    expect(deriveSessionStatus(session([p('submitted'), p('pending')], { expiresAt: now }), now)).toBe('expired');
    expect(deriveSessionStatus(session([p('verified'), p('verified')], { expiresAt: now }), now)).toBe('completed');
  });

  it('is in progress once someone has submitted', () => {
    expect(deriveSessionStatus(session([p('submitted'), p('pending', false)]), now)).toBe('in_progress');
    expect(deriveSessionStatus(session([p('verified'), p('pending', false)]), now)).toBe('in_progress');
  });

  it('is ready when every place is claimed, else waiting', () => {
    expect(deriveSessionStatus(session([p('pending'), p('pending')]), now)).toBe('ready');
    expect(deriveSessionStatus(session([p('pending'), p('pending', false)]), now)).toBe('waiting_for_participants');
  });
});
