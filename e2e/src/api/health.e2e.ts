import { e2eEnvironment } from '../support/environment';

const { apiUrl } = e2eEnvironment();

describe('the running stack', () => {
  it('reports the gateway, NATS, both services and the database up', async () => {
    const response = await fetch(`${apiUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      checks: { gateway: 'up', nats: 'up', sessions: 'up', verification: 'up', database: 'up' },
    });
  });

  it('serves the OpenAPI document and its UI', async () => {
    const document = (await (await fetch(`${apiUrl}/docs-json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain('/api/health');
    const ui = await fetch(`${apiUrl}/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });
});
