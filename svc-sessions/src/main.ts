import 'reflect-metadata';
import { QUEUE_GROUPS } from '@idv/contracts';
import { listenOnNats, runService } from '@idv/service-kit';
import { AppModule } from './app.module';
import { loadSessionsEnv } from './config/env';

runService('svc-sessions', async () => {
  const env = loadSessionsEnv();
  await listenOnNats(AppModule.forRoot(env), { name: 'svc-sessions', natsUrl: env.NATS_URL, queue: QUEUE_GROUPS.sessions });
});
