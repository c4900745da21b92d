/**
 * The record grammar: what each state change (a Transition, schemas/transition.schema.ts) is kept
 * under. A record's `_id` is `<kind>:<subject>`, and its subject is built here and nowhere else:
 *
 * | kind         | subject                                    | recorded when                                        |
 * |--------------|--------------------------------------------|------------------------------------------------------|
 * | `claim`      | round subject                              | an invitee claims the place                          |
 * | `consent`    | round subject                              | the holder accepts the terms after claiming to decline |
 * | `release`    | `<participant>:<round>`                    | the initiator releases the place of round `round`    |
 * | `move`       | `<round subject>:<n>`                      | a handoff moves the place to another device (n-th)   |
 * | `respond`    | attempt subject                            | the participant submits, declines, or is cancelled   |
 * | `decide`     | attempt subject                            | the submission is decided (or cancelled, or overdue) |
 * | `cancel`     | `<session>`                                | the initiator cancels the session                    |
 * | `handoff`    | SHA-256 of the code                        | the holder offers a code that moves the place        |
 * | `claim-miss` | `<participant>:<client>:<window>:<n>`      | a claim with the wrong e-mail, the client's n-th     |
 *
 * The round subject is `<participant>` in the first claim round and `<participant>~<round>` after
 * the initiator released the place `round - 1` times; the attempt subject is `<participant>` for the
 * first submission and `<participant>:<attempt>` for each retry. Nothing is ever updated: a new round
 * or attempt writes records of its own, so every change is one insert of a known `_id` (exactly one
 * of two concurrent ones succeeds) and every read one look-up by `_id` (docs/decisions.md).
 */
import type { TransitionKind } from './schemas/transition.schema';

/** The `_id` of the record of this kind for this subject. */
export function recordId(kind: TransitionKind, subject: string): string {
  return `${kind}:${subject}`;
}

/** A place's claim, consent and moves in its `round`-th claim round. */
export function roundSubject(participantId: string, round: number): string {
  return round <= 1 ? participantId : `${participantId}~${round}`;
}

/** A participant's `respond` and `decide` records of a submission (attempt 1 is the first). */
export function attemptSubject(participantId: string, attempt: number): string {
  return attempt <= 1 ? participantId : `${participantId}:${attempt}`;
}

/** The release that ends the place's `round`-th claim round. */
export function releaseSubject(participantId: string, round: number): string {
  return `${participantId}:${round}`;
}

/** The `n`-th move (n from 1) of a place in its `round`-th claim round. */
export function moveSubject(participantId: string, round: number, n: number): string {
  return `${roundSubject(participantId, round)}:${n}`;
}

/** A client's `n`-th wrong e-mail address for an unclaimed place in lock window `window`. */
export function claimMissSubject(participantId: string, client: string, window: number, n: number): string {
  return `${participantId}:${client}:${window}:${n}`;
}
