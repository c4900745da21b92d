import { seriousViolations } from '../support/axe';
import { screenshot, browserForSuite } from '../support/browser';
import { e2eEnvironment } from '../support/environment';

const { appUrl } = e2eEnvironment();

describe('chrome in Chromium', () => {
  const browser = browserForSuite();

  it('opens, traps and closes the modals by keyboard alone', async () => {
    const page = await browser.context.newPage();
    await page.goto(appUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const privacy = page.getByRole('button', { name: 'Privacy Policy' });
    // Tab through the page until the Privacy Policy button has focus.
    for (let i = 0; i < 30 && !(await privacy.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(privacy.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Privacy Policy' });
    await dialog.waitFor();
    await expect(page.evaluate(() => document.body.style.overflow)).resolves.toBe('hidden');
    await screenshot(page, 'privacy-modal');
    // Focus stays inside however often Tab is pressed.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      await expect(dialog.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(privacy.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(page.evaluate(() => document.body.style.overflow)).resolves.toBe('');

    // The next footer button, Terms of Service, by keyboard too; Space works like Enter.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Terms of Service' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Space');
    await page.getByRole('dialog', { name: 'Terms of Service' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.close();
  });

  it.each([
    ['the landing page', '/'],
    ['the not-found page', '/no-such-page'],
  ])('has no serious or critical accessibility violation on %s', async (_name, route) => {
    const page = await browser.context.newPage();
    await page.goto(`${appUrl}${route}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('has no serious or critical accessibility violation with a modal open', async () => {
    const page = await browser.context.newPage();
    await page.goto(appUrl);
    await page.getByRole('button', { name: 'Terms of Service' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
