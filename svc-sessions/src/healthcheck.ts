// Container health check (Dockerfile HEALTHCHECK): asks this service's health subject over NATS.
import { SUBJECTS } from '@idv/contracts';
import { runHealthProbe } from '@idv/service-kit';
import { loadSessionsEnv } from './config/env';

runHealthProbe(loadSessionsEnv().NATS_URL, SUBJECTS.sessions.health);
