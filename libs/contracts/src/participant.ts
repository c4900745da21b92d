export const PARTICIPANT_STATUSES = ['pending', 'submitted', 'verified', 'failed', 'declined', 'cancelled'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** A participant in one of these states never changes again. */
export const FINAL_PARTICIPANT_STATUSES: readonly ParticipantStatus[] = ['verified', 'failed', 'declined', 'cancelled'];

/** The waiting page moves on to results once every participant is in one of these. */
export const WAITING_ENDS_STATUSES: readonly ParticipantStatus[] = ['verified', 'failed', 'declined', 'submitted'];

export function isFinalParticipantStatus(status: ParticipantStatus): boolean {
  return FINAL_PARTICIPANT_STATUSES.includes(status);
}
