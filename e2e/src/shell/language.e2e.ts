import path from 'node:path';
import { ARTIFACTS_DIR, type BrowserSession, openBrowser, screenshot } from '../support/browser';
import { e2eEnvironment } from '../support/environment';

const { appUrl } = e2eEnvironment();

describe('languages', () => {
  let browser: BrowserSession | undefined;

  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  /** A browser of its own whose language is `locale`, on the landing page. */
  async function landingFor(locale: string) {
    browser = await openBrowser({ locale });
    const page = await browser.context.newPage();
    await page.goto(appUrl);
    return page;
  }

  it('shows the landing page through the shell in Spanish for a Spanish browser', async () => {
    const page = await landingFor('es-ES');
    await page.getByRole('heading', { level: 1, name: 'Sabe con quién estás tratando' }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
    await expect(page.getByRole('button', { name: 'Política de Privacidad' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'landing-es');
  });

  it('draws the language menu flags with the app font, not as boxes where the system has no flag emoji', async () => {
    const page = await landingFor('en-US');
    const menu = page.getByRole('combobox', { name: 'Language' });
    // The shell draws the menu after its remotes load: wait for it before reading its options.
    await menu.waitFor();
    await expect(menu.locator('option').allTextContents()).resolves.toEqual(['🇬🇧 English', '🇪🇸 Español']);
    // This Chromium has no emoji font: the flags are drawn from the font the app serves.
    const flagsFont = await page.evaluate(async () => {
      await document.fonts.ready;
      const statuses: string[] = [];
      document.fonts.forEach((font) => font.family.replace(/["']/g, '') === 'Country Flags' && statuses.push(font.status));
      return statuses;
    });
    expect(flagsFont).toEqual(['loaded']);
    await menu.screenshot({ path: path.join(ARTIFACTS_DIR, 'language-menu.png') });
  });

  it('shows English for an English browser, and keeps a chosen language across a reload', async () => {
    const page = await landingFor('en-US');
    await page.getByRole('heading', { level: 1, name: 'Know who you are dealing with' }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByRole('heading', { level: 1, name: 'Sabe con quién estás tratando' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sabe con quién estás tratando' }).waitFor();
    // Still Spanish after the re-detection one second after start.
    await page.waitForTimeout(1500);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Sabe con quién estás tratando');
    await expect(page.evaluate(() => localStorage.getItem('i18nextLng'))).resolves.toBe('es');
  });
});
