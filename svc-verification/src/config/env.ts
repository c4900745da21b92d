import { envUrl, loadEnv } from '@idv/service-kit';

export const verificationEnvSpec = {
  NATS_URL: envUrl('NATS server the service listens on', ['nats'], 'nats://127.0.0.1:4222'),
};

export type VerificationEnv = ReturnType<typeof loadVerificationEnv>;

export function loadVerificationEnv(source: Record<string, string | undefined> = process.env) {
  return loadEnv(verificationEnvSpec, source);
}
