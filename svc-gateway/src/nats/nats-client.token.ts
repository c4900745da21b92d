/** Injection token of the gateway's one NATS connection. */
export const NATS_CLIENT = 'NATS_CLIENT';
