import type { ParticipantStatus } from '@idv/contracts';
import type { TransitionKind } from './schemas/transition.schema';

/** What can happen to a participant. */
export type ParticipantEvent = 'claim' | 'submit' | 'decline' | 'cancel' | 'verified' | 'failed' | 'deadline';

/** Who makes it happen. */
export type Actor =
  | 'invitee' // a browser that has the invitation link
  | 'participant' // the browser holding the place (its participant token, or the initiator token for the initiator's place)
  | 'initiator' // the initiator token, for the whole session
  | 'verification' // svc-verification, through the result stream
  | 'clock'; // svc-sessions itself, when a check's deadline passes without a result

export interface LifecycleRule {
  from: ParticipantStatus;
  event: ParticipantEvent;
  to: ParticipantStatus;
  by: Actor;
  /** Which exactly-once record the change is written as (see Transition). */
  record: TransitionKind;
  /** A condition besides the state. */
  requires?: 'unclaimed';
}

/**
 * A participant's life, as the product's rules say it. Anything not listed is refused and changes
 * nothing: declined, verified, failed and cancelled are final. The initiator never declines (they
 * cancel the session instead); a claim does not change the status, it gives the place to a browser.
 */
export const PARTICIPANT_LIFECYCLE: readonly LifecycleRule[] = [
  { from: 'pending', event: 'claim', to: 'pending', by: 'invitee', record: 'claim', requires: 'unclaimed' },
  { from: 'pending', event: 'submit', to: 'submitted', by: 'participant', record: 'respond' },
  { from: 'pending', event: 'decline', to: 'declined', by: 'participant', record: 'respond' },
  { from: 'pending', event: 'cancel', to: 'cancelled', by: 'initiator', record: 'respond' },
  { from: 'submitted', event: 'verified', to: 'verified', by: 'verification', record: 'decide' },
  { from: 'submitted', event: 'failed', to: 'failed', by: 'verification', record: 'decide' },
  { from: 'submitted', event: 'deadline', to: 'failed', by: 'clock', record: 'decide' },
  { from: 'submitted', event: 'cancel', to: 'cancelled', by: 'initiator', record: 'decide' },
];

export const FINAL_STATUSES: readonly ParticipantStatus[] = ['declined', 'verified', 'failed', 'cancelled'];

/** The rule for this event from this state, if the lifecycle has one. */
export function ruleFor(from: ParticipantStatus, event: ParticipantEvent): LifecycleRule | undefined {
  return PARTICIPANT_LIFECYCLE.find((rule) => rule.from === from && rule.event === event);
}
