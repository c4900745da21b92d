import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { refuseUndeclaredMethods } from './http/method-not-allowed';

/**
 * OpenAPI document at /api/docs-json and its UI at /api/docs; bodies and answers from the
 * catalogue's schemas. A method a documented route does not have answers 405 (method-not-allowed.ts).
 */
export function setUpOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Identity verification API')
    .setDescription(
      'The gateway of the mutual identity verification product. Every route but /api/health and /api/health/live needs x-api-key: ' +
        "the publishable browser key (API_KEY, in the app's /config.json), accepted only from the app's pages (an allowed Origin, or Sec-Fetch-Site: same-origin), " +
        'or a secret key of a server-side client (API_SECRET_KEYS), accepted from anywhere. Every route takes either.',
    )
    .setVersion('1')
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'x-api-key',
        description: "The browser key from the app's pages (allowed Origin), or a server-side client's secret key",
      },
      'api-key',
    )
    .build();
  const document = cleanupOpenApiDoc(SwaggerModule.createDocument(app, config));
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  app.use(refuseUndeclaredMethods(document));
}
