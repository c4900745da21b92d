import { SESSION_CANCELLED_MESSAGE } from '@idv/contracts';
import { serviceError } from '../errors/service-error';
import type { Session } from './schemas/session.schema';

/** Cancelled or expired sessions refuse claims, declines and submissions. */
export function assertSessionOpen(session: Session, now: Date): void {
  if (session.isCancelled) throw serviceError('session_cancelled', SESSION_CANCELLED_MESSAGE);
  if (now.getTime() >= session.expiresAt.getTime()) throw serviceError('session_expired', 'Session has expired');
}
