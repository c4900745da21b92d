import type { SessionView } from '@idv/contracts';
import { api } from './api';
import { type BrowserSession, type Page, collectPageErrors, openBrowser, screenshot } from './browser';
import { e2eEnvironment } from './environment';
import { type Identity, identities } from './identities';

const { appUrl } = e2eEnvironment();

/** The words a person clicks and reads, per language: the flows are written once for both. */
export const WORDS = {
  en: {
    locale: 'en-US',
    yourName: 'Your name',
    yourEmail: 'Your email',
    purpose: 'Purpose of the verification',
    continue: 'Continue',
    step2: 'Step 2 of 2',
    participantName: (n: number) => `Participant ${n} name`,
    participantEmail: (n: number) => `Participant ${n} email`,
    add: 'Add participant',
    terms: 'I accept the',
    placeEmail: 'Your e-mail address',
    create: 'Create session',
    start: 'Start my verification',
    accept: 'Accept and verify',
    realName: 'Your full legal name',
    front: 'ID document: front',
    back: 'ID document: back',
    ready: 'uploaded and ready',
    takeSelfie: 'Take selfie',
    capture: 'Capture',
    selfie: 'Your selfie',
    submit: 'Submit verification',
    success: 'Verification successful',
    failure: 'Verification not successful',
    notFinal: 'Not final yet:',
    waitingTitle: 'Waiting for the other participants',
    privacy: 'Privacy Policy',
    join: 'Join',
    sessionCode: 'Session code',
    remove: /^Remove participant/,
    termsLink: 'Terms of Service',
    release: /^Release this place/,
    keep: 'Keep it',
    cancel: 'Cancel session',
    cancelNo: 'Keep the session',
    anotherDevice: 'Continue on another device',
    decline: 'Decline invitation',
    declineYes: 'Yes, decline',
    keepVerifying: 'Keep verifying',
    uploadInstead: 'Upload a photo instead: Choose a photo',
  },
  es: {
    locale: 'es-ES',
    yourName: 'Tu nombre',
    yourEmail: 'Tu correo electrónico',
    purpose: 'Propósito de la verificación',
    continue: 'Continuar',
    step2: 'Paso 2 de 2',
    participantName: (n: number) => `Nombre del participante ${n}`,
    participantEmail: (n: number) => `Correo del participante ${n}`,
    add: 'Añadir participante',
    terms: 'Acepto los',
    placeEmail: 'Tu dirección de correo electrónico',
    create: 'Crear sesión',
    start: 'Iniciar mi verificación',
    accept: 'Aceptar y verificar',
    realName: 'Tu nombre legal completo',
    front: 'Documento de identidad: anverso',
    back: 'Documento de identidad: reverso',
    ready: 'subido y listo',
    takeSelfie: 'Hacer selfi',
    capture: 'Capturar',
    selfie: 'Tu selfi',
    submit: 'Enviar verificación',
    success: 'Verificación completada con éxito',
    failure: 'Verificación no superada',
    notFinal: 'Aún no es definitivo:',
    waitingTitle: 'Esperando a los demás participantes',
    privacy: 'Política de Privacidad',
    join: 'Unirse',
    sessionCode: 'Código de sesión',
    remove: /^Quitar participante/,
    termsLink: 'Términos del Servicio',
    release: /^Liberar este lugar/,
    keep: 'Mantenerlo',
    cancel: 'Cancelar sesión',
    cancelNo: 'Mantener la sesión',
    anotherDevice: 'Continuar en otro dispositivo',
    decline: 'Rechazar invitación',
    declineYes: 'Sí, rechazar',
    keepVerifying: 'Seguir verificando',
    uploadInstead: 'Subir una foto en su lugar: Elegir una foto',
  },
};
export type Language = keyof typeof WORDS;

/** One person's own browser, its camera faked from a clip of their face (or refusing the camera). */
export async function browserFor(
  cameraFile: string,
  options: { language?: Language; denyCamera?: boolean } = {},
): Promise<{ browser: BrowserSession; page: Page }> {
  const camera = ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${cameraFile}`];
  const permission = options.denyCamera ? ['--deny-permission-prompts'] : ['--use-fake-ui-for-media-stream'];
  const browser = await openBrowser({ locale: WORDS[options.language ?? 'en'].locale, extraArgs: [...camera, ...permission] });
  return { browser, page: await browser.context.newPage() };
}

/**
 * Each test's browsers, one per person, opened on demand and closed after the test; afterwards
 * no page may have logged an error. Call it once in a describe block.
 */
export function browsersPerTest(): (cameraFile: string, options?: { language?: Language; denyCamera?: boolean }) => Promise<Page> {
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
export async function takeSelfie(page: Page, language: Language = 'en', beforeCapture?: () => Promise<void>): Promise<void> {
  const w = WORDS[language];
  await page.getByRole('button', { name: w.takeSelfie }).click();
  await page.waitForFunction(() => ((document.querySelector('video') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0);
  if (beforeCapture) await beforeCapture();
  await page.getByRole('button', { name: w.capture }).click();
  await page.getByRole('img', { name: w.selfie }).waitFor();
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

export async function sessionOf(id: string): Promise<SessionView> {
  return (await api<SessionView>('GET', `/sessions/${id}`)).body;
}

const basename = (file: string) => file.split('/').pop() ?? file;
