import { LOG_LEVEL_DESCRIPTION, envInteger, envSecret, envStreamReplicas, envString, envUrl, envUrls, loadEnv } from '@idv/service-kit';
import { envMongoUri } from './mongo-uri';

export const sessionsEnvSpec = {
  LOG_LEVEL: envString(LOG_LEVEL_DESCRIPTION, 'info'),
  NATS_URL: envUrls('NATS server the service listens on, or the nodes of a cluster', ['nats'], 'nats://127.0.0.1:4222'),
  MONGODB_URI: envMongoUri(
    'MongoDB (or FerretDB) connection string; for a replica set, every member with replicaSet, w=majority and retryWrites=true',
    'mongodb://127.0.0.1:27017/idv',
  ),
  NATS_STREAM_REPLICAS: envStreamReplicas(),
  SESSIONS_SECRET: envSecret(
    "svc-sessions' own secret, the same for every instance and kept across restarts: what a call's Idempotency-Key makes (a session's ids, its tokens) is derived with it, so nobody without it can compute them",
  ),
  PUBLIC_APP_URL: envUrl('public URL of the web app, for the shareable invite link', ['http', 'https'], 'http://localhost:4200'),
  HEALTH_DB_TIMEOUT_MS: envInteger('how long a database ping may take before the database counts as down', 2000, {
    min: 100,
    max: 60000,
  }),
  SESSION_CACHE_TTL_MS: envInteger('how long a read session may be served from memory (0: never)', 2000, { min: 0, max: 60000 }),
  CHECK_DEADLINE_MS: envInteger(
    'how long after a submission a participant without a result ends failed with check_timeout (the check time limit of svc-verification plus a margin)',
    90000,
    { min: 1000, max: 3600000 },
  ),
  VERIFICATION_MAX_ATTEMPTS: envInteger(
    'submissions one participant may make in a session: after a retryable failure they may try again until this many (then 409 attempts_exhausted)',
    3,
    { min: 1, max: 10 },
  ),
  CLAIM_EMAIL_TRIES: envInteger(
    'wrong e-mail addresses one client may give for a place in one lock window; then its claims of the place are refused until the window ends (423 place_locked)',
    5,
    { min: 1, max: 100 },
  ),
  CLAIM_LOCK_MS: envInteger('the lock window of the e-mail tries, and so the longest a client is kept out of a place', 3600000, { min: 1000, max: 86400000 }),
  RETENTION_SWEEP_INTERVAL_MS: envInteger('how often sessions older than 30 days are deleted', 3600000, {
    min: 1000,
    max: 86400000,
  }),
};

export type SessionsEnv = ReturnType<typeof loadSessionsEnv>;

export function loadSessionsEnv(source: Record<string, string | undefined> = process.env) {
  return loadEnv(sessionsEnvSpec, source);
}

export const SESSIONS_ENV = Symbol('SESSIONS_ENV');
