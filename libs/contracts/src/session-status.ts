/** Derived session status, rules in decisions.md ("States"). */
export const SESSION_STATUSES = ['cancelled', 'completed', 'failed', 'expired', 'in_progress', 'ready', 'waiting_for_participants'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
