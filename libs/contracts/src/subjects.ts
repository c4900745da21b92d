/**
 * NATS subjects, versioned. A breaking change to a payload gets a new version
 * (`.v2`) so that old and new services can run side by side during a deploy.
 */
export const SUBJECTS = {
  sessions: {
    create: 'sessions.create.v1',
    get: 'sessions.get.v1',
    claim: 'sessions.claim.v1',
    /** The initiator takes back a place the wrong person claimed (before any answer). */
    release: 'sessions.release.v1',
    cancel: 'sessions.cancel.v1',
    decline: 'sessions.decline.v1',
    beginVerification: 'sessions.begin-verification.v1',
    /** A single-use code that moves a participant's place (or the initiator's) to another device. */
    offerHandoff: 'sessions.offer-handoff.v1',
    redeemHandoff: 'sessions.redeem-handoff.v1',
    /** A liveness challenge for the participant's next attempt (docs/liveness.md). */
    issueLivenessChallenge: 'sessions.issue-liveness-challenge.v1',
    /** Whether a token still holds its place. */
    place: 'sessions.place.v1',
    health: 'sessions.health.v1',
  },
  verification: {
    submit: 'verification.submit.v1',
    health: 'verification.health.v1',
  },
  events: {
    /** JetStream: verification results, consumed by svc-sessions. */
    verificationStatus: 'events.verification.status.v1',
    /** Core NATS broadcast: a session changed; every svc-sessions copy drops its cached read, every gateway updates its live streams. */
    sessionChanged: 'events.sessions.changed.v1',
  },
} as const;

/** Queue groups: every copy of a service joins its group, so N copies share the load. */
export const QUEUE_GROUPS = {
  sessions: 'svc-sessions',
  verification: 'svc-verification',
} as const;

/**
 * The subject a participant's results are published on: the status subject, then the session and
 * the participant, so that svc-sessions finds the last result of one participant by its subject
 * (ids hold no dots or wildcards: Crockford base32 and base64url).
 */
export function verificationStatusSubject(sessionId: string, participantId: string): string {
  return `${SUBJECTS.events.verificationStatus}.${sessionId}.${participantId}`;
}

/** The JetStream stream that carries verification status events. */
export const VERIFICATION_STATUS_STREAM = {
  name: 'VERIFICATION_STATUS',
  // The bare subject carried every result before they were published per participant: kept, so
  // that results published by an older svc-verification during a deploy are still consumed.
  subjects: [SUBJECTS.events.verificationStatus, `${SUBJECTS.events.verificationStatus}.>`],
  durableConsumer: 'svc-sessions-status',
} as const;
