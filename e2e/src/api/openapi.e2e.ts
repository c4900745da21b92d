import { e2eEnvironment } from '../support/environment';

const { apiUrl } = e2eEnvironment();

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown; parameters?: { name: string; in: string }[] }>>;
  components?: { schemas?: Record<string, unknown> };
}

/** The OpenAPI document describes the routes that exist, with their bodies and error answers. */
describe('OpenAPI document', () => {
  let document: OpenApiDocument;

  beforeAll(async () => {
    document = (await (await fetch(`${apiUrl}/docs-json`)).json()) as OpenApiDocument;
  });

  it('lists exactly the routes of the API', () => {
    const routes = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes.sort()).toEqual(
      [
        'GET /api/health',
        'GET /api/health/live',
        'POST /api/sessions',
        'GET /api/sessions/{id}',
        'GET /api/sessions/{id}/events',
        'POST /api/sessions/{id}/participants/{pid}/claim',
        'POST /api/sessions/{id}/participants/{pid}/release',
        'POST /api/sessions/{id}/participants/{pid}/handoff',
        'GET /api/sessions/{id}/participants/{pid}/place',
        'POST /api/handoffs/redeem',
        'POST /api/sessions/{id}/cancel',
        'POST /api/sessions/{id}/reject',
        'POST /api/verification/{sessionId}/{participantId}',
        'POST /api/verification/{sessionId}/{participantId}/challenge',
      ].sort(),
    );
  });

  it('documents the live session stream as Server-Sent Events', () => {
    const events = document.paths['/api/sessions/{id}/events'].get;
    expect(Object.keys((events.responses['200'] as { content: Record<string, unknown> }).content)).toEqual(['text/event-stream']);
    expect(Object.keys(events.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '429', '503']));
  });

  it('documents bodies and the error answers each route can give', () => {
    const create = document.paths['/api/sessions'].post;
    expect(create.requestBody).toBeDefined();
    // each participant their own address: equal entries are refused, and the schema says that much
    const bodySchema = /#\/components\/schemas\/(\w+)/.exec(JSON.stringify(create.requestBody))?.[1];
    expect(JSON.stringify(bodySchema ? document.components?.schemas?.[bodySchema] : create.requestBody)).toContain('"uniqueItems":true');
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '429', '503', '504']));
    const claim = document.paths['/api/sessions/{id}/participants/{pid}/claim'].post;
    expect(claim.requestBody).toBeDefined(); // termsAccepted: every party consents
    expect(Object.keys(claim.responses)).toEqual(expect.arrayContaining(['200', '403', '404', '409', '410']));
    const handoff = document.paths['/api/handoffs/redeem'].post;
    expect(handoff.requestBody).toBeDefined(); // the code travels in the body, not in a logged path
    expect(Object.keys(handoff.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '409', '410']));
    const submit = document.paths['/api/verification/{sessionId}/{participantId}'].post;
    expect(Object.keys(submit.responses)).toEqual(expect.arrayContaining(['202', '403', '409', '413', '415', '422']));
  });

  it('documents the Idempotency-Key header on exactly the calls that change something', () => {
    const withKey = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withKey.sort()).toEqual(
      [
        'POST /api/sessions',
        'POST /api/sessions/{id}/participants/{pid}/claim',
        'POST /api/sessions/{id}/cancel',
        'POST /api/sessions/{id}/reject',
        'POST /api/verification/{sessionId}/{participantId}',
      ].sort(),
    );
  });

  it('answers every documented route for real (no route in the document is missing)', async () => {
    for (const path of Object.keys(document.paths)) {
      const concrete = path
        .replace('{id}', '0123456789AB')
        .replace('{sessionId}', '0123456789AB')
        .replace('{pid}', 'A'.repeat(22))
        .replace('{participantId}', 'A'.repeat(22));
      for (const method of Object.keys(document.paths[path])) {
        const response = await fetch(`${apiUrl.replace(/\/api$/, '')}${concrete}`, { method: method.toUpperCase() });
        // Without an API key every route but the two health routes answers 401; an unknown route would be 404.
        expect({ route: `${method} ${path}`, status: response.status }).toEqual({
          route: `${method} ${path}`,
          status: path === '/api/health' || path === '/api/health/live' ? 200 : 401,
        });
      }
    }
  });
});
