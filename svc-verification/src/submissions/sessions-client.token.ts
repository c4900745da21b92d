/** Injection token of the NATS client svc-verification uses to ask svc-sessions. */
export const SESSIONS_CLIENT = 'SESSIONS_CLIENT';
