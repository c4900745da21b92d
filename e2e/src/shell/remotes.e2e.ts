import { collectPageErrors, screenshot, browserForSuite } from '../support/browser';
import { e2eEnvironment } from '../support/environment';

const { appUrl } = e2eEnvironment();

describe('the shell loads each remote at run time', () => {
  const browser = browserForSuite();

  it('shows the landing page from mf-landing and navigates to mf-session', async () => {
    const page = await browser.context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(appUrl);
    await page.getByRole('heading', { level: 1, name: 'Know who you are dealing with' }).waitFor();
    await screenshot(page, 'landing');
    await page.getByRole('link', { name: 'Start verification' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create a verification session' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/create');
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    ['/join', 'Join a session'],
    ['/invite/ABCDEFGHJKMN', 'Session not found or expired.'],
    ['/verify/ABCDEFGHJKMN', 'Session not found or expired.'],
    ['/waiting/ABCDEFGHJKMN', 'Session not found or expired.'],
    ['/results/ABCDEFGHJKMN', 'Session not found or expired.'],
  ])('serves the deep link %s from its remote', async (route, heading) => {
    const page = await browser.context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${appUrl}${route}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("serves each remote alone too: mf-landing's standalone page, without the shell", async () => {
    const remotes = (await (await fetch(`${appUrl}/remotes.json`)).json()) as Record<string, string>;
    const page = await browser.context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(new URL('/', remotes.mf_landing).toString());
    await page.getByRole('heading', { level: 1, name: 'Know who you are dealing with' }).waitFor();
    // No shell chrome here: the remote stands on its own.
    await expect(page.getByRole('button', { name: 'Privacy Policy' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a not-found page for an unknown route, inside the chrome', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${appUrl}/no-such-page`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expect(page.getByRole('link', { name: 'Identity Verification' }).isVisible()).resolves.toBe(true);
    await page.close();
  });
});
