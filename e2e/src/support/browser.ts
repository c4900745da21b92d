import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '@idv/test-kit';

export const ARTIFACTS_DIR = path.resolve(__dirname, '../../artifacts');

export interface BrowserSession {
  context: BrowserContext;
  close(): Promise<void>;
}

const CSP_VIOLATION = 'Content-Security-Policy violation:';

/** A fresh browser with its own new profile directory, removed again on close; fails on close if a page broke its CSP. */
export async function openBrowser(options: { locale?: string; extraArgs?: string[] } = {}): Promise<BrowserSession> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_FLAGS, ...(options.extraArgs ?? [])],
    locale: options.locale ?? 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  // Every page runs under its Content-Security-Policy: a violation fails the test that made it, when
  // its browser is closed (every test closes its browsers).
  const violations: string[] = [];
  const watch = (page: Page) => page.on('pageerror', (error) => error.message.startsWith(CSP_VIOLATION) && violations.push(`${page.url()}: ${error.message}`));
  context.pages().forEach(watch);
  context.on('page', watch);
  await context.addInitScript((prefix: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      setTimeout(() => {
        throw new Error(`${prefix} ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
      });
    });
  }, CSP_VIOLATION);
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
      if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
    },
  };
}

/** One browser for a whole suite: opened before its first test and closed after its last (`context` is there from `beforeAll` on). */
export function browserForSuite(options: Parameters<typeof openBrowser>[0] = {}): BrowserSession {
  const browser = {} as BrowserSession;
  beforeAll(async () => void Object.assign(browser, await openBrowser(options)));
  afterAll(async () => {
    await browser.close?.();
  });
  return browser;
}

/** Collects uncaught page errors, so a test can assert a page ran cleanly. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Saves a screenshot of what the page shows now under e2e/artifacts/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * The display of the first element matching `selector` once it is in the page. A screen React
 * replaces between a locate and an evaluate reads as detached (display ""), so the read is
 * retried on the element in the page until it shows the shared styles or `timeout` passes.
 */
export async function screenDisplay(page: Page, selector: string, expected: string, timeout = 5000): Promise<string> {
  try {
    await page.waitForFunction(
      ([css, want]) => {
        const element = document.querySelector(css);
        return element !== null && getComputedStyle(element).display === want;
      },
      [selector, expected] as const,
      { timeout },
    );
    return expected;
  } catch {
    return page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).display);
  }
}

export type { Browser, Page };
