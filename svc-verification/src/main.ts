import 'reflect-metadata';
import { QUEUE_GROUPS } from '@idv/contracts';
import { listenOnNats, runService } from '@idv/service-kit';
import { AppModule } from './app.module';
import { loadVerificationEnv } from './config/env';

runService('svc-verification', async () => {
  const env = loadVerificationEnv();
  await listenOnNats(AppModule.forRoot(env), { name: 'svc-verification', natsUrl: env.NATS_URL, queue: QUEUE_GROUPS.verification });
});
