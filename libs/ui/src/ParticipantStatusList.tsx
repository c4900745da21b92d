import type { ParticipantView } from '@idv/contracts';
import { ClaimLockNote } from './ClaimLockNote';
import { StatusLabel } from './StatusLabel';

/**
 * Each participant with their status badge (and e-mail, where the screen shows it); a place locked
 * after too many wrong e-mail addresses says until when, so the initiator learns of it.
 */
export function ParticipantStatusList({ participants, showEmail = false, label }: { participants: ParticipantView[]; showEmail?: boolean; label?: string }) {
  return (
    <ul className="people" aria-label={label}>
      {participants.map((participant) => (
        <li key={participant._id}>
          <span>
            {participant.name}
            {showEmail && ` · ${participant.email}`}
            <ClaimLockNote until={participant.claimLockedUntil} />
          </span>
          <StatusLabel status={participant.status} />
        </li>
      ))}
    </ul>
  );
}
