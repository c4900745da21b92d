import { openBrowser } from '../support/browser';
import { e2eEnvironment } from '../support/environment';

const { appUrl, apiUrl } = e2eEnvironment();

/** Every origin of the app answers with the security headers; the policy is enforced in Chromium. */
describe('security headers', () => {
  let remoteOrigins: string[];

  beforeAll(async () => {
    const remotes = (await (await fetch(`${appUrl}/remotes.json`)).json()) as Record<string, string>;
    remoteOrigins = Object.values(remotes).map((url) => new URL(url).origin);
  });

  it('the shell, on every route, and each remote: CSP, camera for the app only, no referrer, nosniff', async () => {
    for (const url of [
      `${appUrl}/`,
      `${appUrl}/verify/ABCDEFGHJKMN`,
      `${appUrl}/handoff/AAAAAAAAAAAAAAAAAAAAAA`,
      ...remoteOrigins.map((o) => `${o}/mf-manifest.json`),
    ]) {
      const { headers } = await fetch(url);
      const csp = headers.get('content-security-policy') ?? '';
      expect({ url, frameAncestors: csp.includes("frame-ancestors 'none'"), objects: csp.includes("object-src 'none'") }).toEqual({
        url,
        frameAncestors: true,
        objects: true,
      });
      // Scripts only from the app and its remotes (which may compile WebAssembly, the face model's, but never evaluate strings); calls also to the API.
      expect(csp).toMatch(new RegExp(`script-src 'self' ${remoteOrigins.join(' ')} 'wasm-unsafe-eval'(;|$)`));
      expect(csp).toContain(new URL(apiUrl).origin);
      expect(csp).not.toContain("'unsafe-eval'");
      expect(headers.get('permissions-policy')).toContain('camera=(self)');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it("the remotes share their files with the shell's origin only", async () => {
    const manifest = `${remoteOrigins[0]}/mf-manifest.json`;
    const fromShell = await fetch(manifest, { headers: { Origin: new URL(appUrl).origin } });
    expect(fromShell.headers.get('access-control-allow-origin')).toBe(new URL(appUrl).origin);
    const fromElsewhere = await fetch(manifest, { headers: { Origin: 'https://attacker.example' } });
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('Chromium enforces the policy, and a violation fails the test that caused it', async () => {
    const browser = await openBrowser();
    const page = await browser.context.newPage();
    await page.goto(appUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // the harness hears of a violation as a page error thrown just after it (browser.ts): close only once it has
    const reported = page.waitForEvent('pageerror');
    const blocked = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective));
          const script = document.createElement('script');
          script.src = 'https://scripts.example/injected.js';
          document.head.append(script);
        }),
    );
    expect(blocked).toBe('script-src-elem');
    await reported;
    await expect(browser.close()).rejects.toThrow(/Content-Security-Policy violation: script-src-elem blocked https:\/\/scripts\.example\/injected\.js/);
  });
});
