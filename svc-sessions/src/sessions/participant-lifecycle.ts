import type { ParticipantStatus } from '@idv/contracts';
import type { TransitionKind } from './schemas/transition.schema';

/** What can happen to a participant. */
export type ParticipantEvent = 'claim' | 'release' | 'submit' | 'retry' | 'decline' | 'cancel' | 'verified' | 'failed' | 'deadline';

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
  /**
   * A condition besides the state: the place is not claimed yet, or it is; or the failure is
   * retryable (every reason retryable) and attempts are left (VERIFICATION_MAX_ATTEMPTS).
   */
  requires?: 'unclaimed' | 'claimed' | 'retryable';
}

/**
 * A participant's life, as the product's rules say it. Anything not listed is refused and changes
 * nothing: declined, verified and cancelled are final, and so is failed unless the failure can be
 * fixed by trying again and attempts are left. The initiator never declines (they cancel the session
 * instead); a claim does not change the status, it gives the place to a browser, and a release
(the initiator's, of a place the wrong person claimed) takes it back before any answer. A retry is the next
 * submission: its records are those of a new attempt, and a result or deadline of an older attempt
 * no longer lands.
 */
export const PARTICIPANT_LIFECYCLE: readonly LifecycleRule[] = [
  { from: 'pending', event: 'claim', to: 'pending', by: 'invitee', record: 'claim', requires: 'unclaimed' },
  { from: 'pending', event: 'release', to: 'pending', by: 'initiator', record: 'release', requires: 'claimed' },
  { from: 'pending', event: 'submit', to: 'submitted', by: 'participant', record: 'respond' },
  { from: 'pending', event: 'decline', to: 'declined', by: 'participant', record: 'respond' },
  { from: 'pending', event: 'cancel', to: 'cancelled', by: 'initiator', record: 'respond' },
  { from: 'submitted', event: 'verified', to: 'verified', by: 'verification', record: 'decide' },
  { from: 'submitted', event: 'failed', to: 'failed', by: 'verification', record: 'decide' },
  { from: 'submitted', event: 'deadline', to: 'failed', by: 'clock', record: 'decide' },
  { from: 'submitted', event: 'cancel', to: 'cancelled', by: 'initiator', record: 'decide' },
  { from: 'failed', event: 'retry', to: 'submitted', by: 'participant', record: 'respond', requires: 'retryable' },
];

/** The rule for this event from this state, if the lifecycle has one. */
export function ruleFor(from: ParticipantStatus, event: ParticipantEvent): LifecycleRule | undefined {
  return PARTICIPANT_LIFECYCLE.find((rule) => rule.from === from && rule.event === event);
}
