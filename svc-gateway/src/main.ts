import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { runService } from '@idv/service-kit';
import { AppModule } from './app.module';
import { loadGatewayEnv } from './config/env';
import { setUpOpenApi } from './openapi';

runService('svc-gateway', async () => {
  const env = loadGatewayEnv();
  const app = await NestFactory.create(AppModule.forRoot(env));
  app.setGlobalPrefix('api');
  app.enableCors({ origin: env.CORS_ORIGINS, allowedHeaders: ['content-type', 'x-api-key', 'x-session-token'] });
  app.enableShutdownHooks();
  setUpOpenApi(app);
  await app.listen(env.PORT, env.HOST);
});
