import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserSession, openBrowser, screenshot } from '../support/browser';
import { e2eEnvironment } from '../support/environment';
import { ROOT, freePorts, hangingServer, serveStatic } from '../support/static-server';

const { apiUrl, apiKey } = e2eEnvironment();

/**
 * A shell of its own whose remotes.json names one remote that is down and one that hangs, and a
 * working mf-verify (the build, served for this shell's origin): the broken slots show the message
 * and Retry within 8 s, the rest works, and Retry recovers once the remote is back.
 */
describe('a remote that is down or hangs never blanks the shell', () => {
  let browser: BrowserSession;
  let shellUrl: string;
  let downPort: number;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    // Four different ports: the remote that is down must not share one with the one that hangs.
    const [shellPort, down, hangPort, verifyPort] = await freePorts(4);
    shellUrl = `http://127.0.0.1:${shellPort}`;
    downPort = down;
    stops.push((await hangingServer(hangPort)).stop);
    stops.push((await serveStatic({ root: path.join(ROOT, 'mf-verify/dist'), port: verifyPort, corsOrigins: [shellUrl] })).stop);
    const overlay = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-shell-overlay-'));
    fs.writeFileSync(
      path.join(overlay, 'remotes.json'),
      JSON.stringify({
        mf_landing: `http://127.0.0.1:${downPort}/mf-manifest.json`,
        mf_session: `http://127.0.0.1:${hangPort}/mf-manifest.json`,
        mf_verify: `http://127.0.0.1:${verifyPort}/mf-manifest.json`,
      }),
    );
    fs.writeFileSync(path.join(overlay, 'config.json'), JSON.stringify({ apiBaseUrl: apiUrl, apiKey, supportContact: 'support@example.com' }));
    stops.push((await serveStatic({ root: path.join(ROOT, 'shell/dist'), port: shellPort, overlay, spa: true })).stop);
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    for (const stop of stops.reverse()) await stop();
  });

  it('shows the message with Retry within 8 s for a remote that is down', async () => {
    const page = await browser.context.newPage();
    const started = Date.now();
    await page.goto(shellUrl);
    await page.getByRole('alert').waitFor({ timeout: 8000 });
    expect(Date.now() - started).toBeLessThan(8000);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('could not be loaded');
    // The chrome is still there and works.
    await expect(page.getByRole('button', { name: 'Privacy Policy' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'remote-down');
    await page.close();
  });

  it('shows a spinner from the first byte of the page, before the app code has arrived', async () => {
    const page = await browser.context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The shell's code arrives late, as on a slow phone.
    await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(shellUrl, { waitUntil: 'commit' });
    await page.getByRole('status', { name: 'Loading' }).waitFor();
    release();
    // The app replaces it (here the landing's remote is down: the shell says so).
    await page.getByRole('alert').waitFor();
    await expect(page.getByRole('status', { name: 'Loading' }).count()).resolves.toBe(0);
    await page.close();
  });

  it('shows the message within 8 s for a remote that accepts connections and never answers', async () => {
    const page = await browser.context.newPage();
    const started = Date.now();
    await page.goto(`${shellUrl}/create`);
    // Meanwhile the page says it is loading, with a spinner where the page will be.
    const loading = page.getByRole('status').filter({ hasText: 'Loading…' });
    await loading.waitFor();
    await expect(loading.locator('.spinner').isVisible()).resolves.toBe(true);
    await page.getByRole('alert').waitFor({ timeout: 8000 });
    expect(Date.now() - started).toBeLessThan(8000);
    await page.close();
  });

  it('keeps the other routes working', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${shellUrl}/results/ABCDEFGHJKMN`);
    // mf-verify renders and asks the gateway, which refuses this extra shell's origin (CORS): the
    // remote's own failure message shows, so the slot works.
    await page.getByText('The session could not be loaded.').waitFor();
    await page.close();
  });

  it('recovers with Retry once the remote is back', async () => {
    const page = await browser.context.newPage();
    await page.goto(shellUrl);
    await page.getByRole('alert').waitFor({ timeout: 8000 });
    stops.push((await serveStatic({ root: path.join(ROOT, 'mf-landing/dist'), port: downPort, corsOrigins: [shellUrl] })).stop);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: 'Know who you are dealing with' }).waitFor({ timeout: 8000 });
    await page.close();
  });
});
