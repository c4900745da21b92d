import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { runService } from '@idv/service-kit';
import { AppModule } from './app.module';
import { loadGatewayEnv } from './config/env';
import { configureApp } from './http/configure-app';

runService('svc-gateway', async () => {
  const env = loadGatewayEnv();
  const app = await NestFactory.create(AppModule.forRoot(env), { bodyParser: false, bufferLogs: true });
  configureApp(app, env);
  await app.listen(env.PORT, env.HOST);
});
