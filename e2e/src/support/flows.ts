import type { SessionView } from '@idv/contracts';
import { api } from './api';
import { type BrowserSession, type Page, collectPageErrors, openBrowser, screenshot } from './browser';
import { e2eEnvironment } from './environment';
import { type Identity, identities } from './identities';
import { type Language, WORDS } from './words';

const { appUrl } = e2eEnvironment();

/** How a person's browser is opened: its language, a camera refused, or a live person at the camera instead of the clip. */
export interface PersonBrowserOptions {
  language?: Language;
  denyCamera?: boolean;
  /** A script that answers the page's camera with a live person (live-person.ts `livePersonCamera`). */
  livePerson?: string;
}

/** One person's own browser, its camera faked from a clip of their face (or refusing the camera, or a live person's). */
export async function browserFor(cameraFile: string, options: PersonBrowserOptions = {}): Promise<{ browser: BrowserSession; page: Page }> {
  const camera = ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${cameraFile}`];
  const permission = options.denyCamera ? ['--deny-permission-prompts'] : ['--use-fake-ui-for-media-stream'];
  const browser = await openBrowser({ locale: WORDS[options.language ?? 'en'].locale, extraArgs: [...camera, ...permission] });
  if (options.livePerson) await browser.context.addInitScript({ content: options.livePerson });
  return { browser, page: await browser.context.newPage() };
}

/**
 * Each test's browsers, one per person, opened on demand and closed after the test; afterwards
 * no page may have logged an error. Call it once in a describe block.
 */
export function browsersPerTest(): (cameraFile: string, options?: PersonBrowserOptions) => Promise<Page> {
  let browsers: BrowserSession[] = [];
  const pageErrors: string[][] = [];
  afterEach(async () => {
    for (const browser of browsers) await browser.close();
    browsers = [];
    for (const errors of pageErrors.splice(0)) expect(errors).toEqual([]);
  });
  return async (cameraFile, options = {}) => {
    const { browser, page } = await browserFor(cameraFile, options);
    browsers.push(browser);
    pageErrors.push(collectPageErrors(page));
    return page;
  };
}

/** A browser for each person, in order, each with that person's camera. */
export async function pagesOf(personBrowser: ReturnType<typeof browsersPerTest>, ...people: Identity[]): Promise<Page[]> {
  const pages: Page[] = [];
  for (const person of people) pages.push(await personBrowser(person.cameraFile));
  return pages;
}

/** How long one whole flow of several browsers may take. */
export const FLOW_TIMEOUT_MS = 180000;

/**
 * A suite of browser flows: the people of identities() made once, before its first test, and handed to `cast`; answers a
 * browser per person per test (browsersPerTest).
 */
export function flowSuite(cast: (people: Identity[], impostorCameraFile: string) => void): ReturnType<typeof browsersPerTest> {
  beforeAll(async () => {
    const made = await identities();
    cast(made.identities, made.impostorCameraFile);
  }, 120000);
  return browsersPerTest();
}

/** The initiator creates a session on /create for themselves and the others; returns its id. */
export async function createSession(
  page: Page,
  initiator: Identity,
  others: Identity[],
  language: Language = 'en',
  options: { screenshots?: boolean } = {},
): Promise<string> {
  const w = WORDS[language];
  await page.goto(`${appUrl}/create`);
  await page.getByLabel(w.yourName).fill(initiator.invitedName);
  await page.getByLabel(w.yourEmail).fill(initiator.email);
  await page.getByLabel(w.purpose).fill('Selling a car');
  if (options.screenshots) await screenshot(page, 'create-step-1');
  await page.getByRole('button', { name: w.continue }).click();
  await page.getByText(w.step2).waitFor();
  for (const [i, other] of others.entries()) {
    if (i > 0) await page.getByRole('button', { name: w.add }).click();
    await page.getByLabel(w.participantName(i + 1)).fill(other.invitedName);
    await page.getByLabel(w.participantEmail(i + 1)).fill(other.email);
  }
  await page.getByLabel(w.terms).check();
  if (options.screenshots) await screenshot(page, 'create-step-2');
  await page.getByRole('button', { name: w.create }).click();
  await page.waitForURL(/\/session\/[0-9A-Z]{12}$/);
  return new URL(page.url()).pathname.split('/')[2];
}

/** The initiator goes from the session page to their own verification. */
export async function startAsInitiator(page: Page, language: Language = 'en'): Promise<void> {
  await page.getByRole('button', { name: WORDS[language].start }).click();
  await page.waitForURL(/\/verify\//);
}

/**
 * A session under way: the initiator creates it for the people of `invited` and goes on to verify; each of them
 * accepts their invitation on their own page. Answers the session's id.
 */
export async function sessionUnderWay(initiatorPage: Page, initiator: Identity, invited: [Page, Identity][]): Promise<string> {
  const id = await createSession(
    initiatorPage,
    initiator,
    invited.map(([, person]) => person),
  );
  await startAsInitiator(initiatorPage);
  for (const [page, person] of invited) await acceptInvitation(page, id, person);
  return id;
}

/** An invitee opens the link, says who they are, accepts the terms and goes on to verify. */
export async function acceptInvitation(page: Page, sessionId: string, person: Identity, language: Language = 'en'): Promise<void> {
  const w = WORDS[language];
  await page.goto(`${appUrl}/invite/${sessionId}`);
  await page.getByRole('radio', { name: new RegExp(person.invitedName) }).check();
  // The address the initiator entered for this person: it shows the place is theirs.
  await page.getByLabel(w.placeEmail).fill(person.email);
  await page.getByLabel(w.terms).check();
  await page.getByRole('button', { name: w.accept }).click();
  await page.waitForURL(/\/verify\//);
}

export async function sessionOf(id: string): Promise<SessionView> {
  return (await api<SessionView>('GET', `/sessions/${id}`)).body;
}
