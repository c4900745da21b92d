/** The verification page's steps, as a person takes them, and what the results page then shows. */
import type { Page } from './browser';
import type { Identity } from './identities';
import { type Language, WORDS } from './words';

/** Types the real name, uploads both sides of the document (each shows its ready note). */
export async function fillNameAndDocuments(page: Page, person: Identity, language: Language = 'en'): Promise<void> {
  const w = WORDS[language];
  await page.getByLabel(w.realName).fill(person.realName);
  await page.getByLabel(w.front).setInputFiles(person.frontFile);
  await page.getByText(`${basename(person.frontFile)}: ${w.ready}`).waitFor();
  await page.getByLabel(w.back).setInputFiles(person.backFile);
  await page.getByText(`${basename(person.backFile)}: ${w.ready}`).waitFor();
}

/** Opens the camera, waits for the live picture, captures it. */
export async function takeSelfie(
  page: Page,
  language: Language = 'en',
  beforeCapture?: () => Promise<void>,
  whileCapturing?: () => Promise<void>,
): Promise<void> {
  const w = WORDS[language];
  await page.getByRole('button', { name: w.takeSelfie }).click();
  await page.waitForFunction(() => ((document.querySelector('video') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0);
  if (beforeCapture) await beforeCapture();
  await page.getByRole('button', { name: w.capture }).click();
  if (whileCapturing) await whileCapturing();
  // about 7 s, longer where the page's face model (slow in headless Chromium's software WebGL) asks for a move once more
  await page.getByRole('img', { name: w.selfie }).waitFor({ timeout: 60000 });
}

/**
 * With the camera refused: Take selfie says so inline (`whenRefused` runs then), and a photo is
 * uploaded instead through the app's own button, which opens the browser's file picker.
 */
export async function uploadSelfieInstead(page: Page, person: Identity, whenRefused?: () => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: 'Take selfie' }).click();
  await page.getByText('Camera access denied. Please allow camera access and try again.').waitFor();
  if (whenRefused) await whenRefused();
  const picker = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a photo instead: Choose a photo' }).click();
  await (await picker).setFiles(person.selfieFile);
  await page.getByRole('img', { name: 'Your selfie' }).waitFor();
}

/** Presses submit (enabled only now that all four are there) and returns when the press happened. */
export async function submit(page: Page, language: Language = 'en'): Promise<number> {
  const button = page.getByRole('button', { name: WORDS[language].submit });
  await button.waitFor();
  if (await button.isDisabled()) throw new Error('submit is still disabled');
  const pressedAt = Date.now();
  await button.click();
  return pressedAt;
}

export async function verifyFully(page: Page, person: Identity, language: Language = 'en'): Promise<number> {
  await fillNameAndDocuments(page, person, language);
  await takeSelfie(page, language);
  return submit(page, language);
}

/**
 * Waits until the results page shows an overall outcome: success, failure, or "not final yet" while
 * someone whose check failed can still try again.
 */
export async function finalOutcome(page: Page, language: Language = 'en', timeout = 60000): Promise<'success' | 'failure' | 'not final'> {
  const w = WORDS[language];
  await page.waitForURL(/\/results\//, { timeout });
  const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^(${w.success}|${w.failure})$`) });
  const notFinal = page.getByText(w.notFinal);
  await heading.or(notFinal).first().waitFor({ timeout });
  if (await notFinal.count()) return 'not final';
  return (await heading.textContent()) === w.success ? 'success' : 'failure';
}

/** A participant's row on the results page: name, label and reasons. */
export async function resultRow(page: Page, name: string): Promise<string> {
  return (await page.locator('li.result-row', { hasText: name }).innerText()).replace(/\s+/g, ' ');
}

const basename = (file: string) => file.split('/').pop() ?? file;
