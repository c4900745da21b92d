// Container health check (Dockerfile HEALTHCHECK): asks this service's health subject over NATS.
import { SUBJECTS } from '@idv/contracts';
import { runHealthProbe } from '@idv/service-kit';
import { loadVerificationEnv } from './config/env';

runHealthProbe(loadVerificationEnv().NATS_URL, SUBJECTS.verification.health);
