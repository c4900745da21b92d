import type { ParticipantView } from '@idv/contracts';
import type { ReactNode } from 'react';
import { StatusLabel } from './StatusLabel';

/**
 * Each participant with their status badge (and e-mail, where the screen shows it); a place locked
 * after too many wrong e-mail addresses says until when, so the initiator learns of it. `action`
 * adds a control to a participant's line.
 */
export function ParticipantStatusList({
  participants,
  showEmail = false,
  label,
  action,
}: {
  participants: ParticipantView[];
  showEmail?: boolean;
  label?: string;
  /** Something the viewer can do about one participant (the initiator: release a claimed place). */
  action?: (participant: ParticipantView) => ReactNode;
}) {
  return (
    <ul className="people" aria-label={label}>
      {participants.map((participant) => (
        <li key={participant._id}>
          <span>
            {participant.name}
            {showEmail && ` · ${participant.email}`}
          </span>
          <StatusLabel status={participant.status} claimed={participant.claimed} />
          {action?.(participant)}
        </li>
      ))}
    </ul>
  );
}
