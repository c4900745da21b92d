import type { SessionView } from '@idv/contracts';
import { api } from '../support/api';
import { seriousViolations } from '../support/axe';
import { type BrowserSession, type Page, openBrowser, screenshot } from '../support/browser';
import { e2eEnvironment } from '../support/environment';

const { appUrl, secretApiKey } = e2eEnvironment();

/** Fills and sends the create screen for three people; returns the new session id. */
async function createThreePersonSession(page: Page, options: { reloadMidDraft?: boolean } = {}): Promise<string> {
  await page.goto(`${appUrl}/create`);
  await page.getByLabel('Your name').fill('Ana Pérez');
  await page.getByLabel('Your email').fill('ana@example.com');
  await page.getByLabel('Purpose of the verification').fill('Selling a car');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Step 2 of 2').waitFor();
  await page.getByLabel('Participant 1 name').fill('Bo Li');
  await page.getByLabel('Participant 1 email').fill('bo@example.com');
  if (options.reloadMidDraft) {
    await page.reload();
    await page.getByText('Step 2 of 2').waitFor();
    expect(await page.getByLabel('Participant 1 name').inputValue()).toBe('Bo Li');
  }
  await page.getByRole('button', { name: 'Add participant' }).click();
  await page.getByLabel('Participant 2 name').fill('Cy Moreau');
  await page.getByLabel('Participant 2 email').fill('cy@example.com');
  await page.getByLabel('I accept the').check();
  await page.getByRole('button', { name: 'Create session' }).click();
  await page.waitForURL(/\/session\/[0-9A-Z]{12}$/);
  return new URL(page.url()).pathname.split('/')[2];
}

async function session(id: string): Promise<SessionView> {
  return (await api<SessionView>('GET', `/sessions/${id}`)).body;
}

/** The addresses createThreePersonSession enters for the invited people. */
const EMAILS: Record<string, string> = { 'Bo Li': 'bo@example.com', 'Cy Moreau': 'cy@example.com' };

async function accept(page: Page, sessionId: string, name: string, email = EMAILS[name]): Promise<void> {
  await page.goto(`${appUrl}/invite/${sessionId}`);
  await page.getByRole('radio', { name: new RegExp(name) }).check();
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByLabel('I accept the').check();
  await page.getByRole('button', { name: 'Accept and verify' }).click();
}

/** Accepts as `name`, and is taken to the verify page: the place is this browser's. */
async function acceptAndVerify(page: Page, sessionId: string, name: string): Promise<void> {
  await accept(page, sessionId, name);
  await page.waitForURL(`${appUrl}/verify/${sessionId}`);
}

describe('sessions in the browser (real gateway, services and database)', () => {
  const browsers: BrowserSession[] = [];
  const open = async (locale = 'en-US') => {
    const browser = await openBrowser({ locale });
    browsers.push(browser);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    return browser.context.newPage();
  };

  afterAll(async () => {
    for (const browser of browsers) await browser.close();
  });

  it('keeps the keyboard focus in the page: Continue leads to the step line, Create session to the new page heading', async () => {
    const page = await open();
    await page.goto(`${appUrl}/create`);
    await page.getByLabel('Your name').fill('Ana Pérez');
    await page.getByLabel('Your email').fill('ana@example.com');
    await page.getByLabel('Purpose of the verification').fill('Selling a car');
    await page.getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Step 2 of 2').waitFor();
    const focused = () => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`);
    expect(await focused()).toBe('P Step 2 of 2');
    // Tab goes on from there, into the form.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('participant-0-name');
    await page.keyboard.type('Bo Li');
    await page.getByLabel('Participant 1 email').fill('bo@example.com');
    await page.getByLabel('I accept the').check();
    await page.getByRole('button', { name: 'Create session' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/session\/[0-9A-Z]{12}$/);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await focused()).toBe('H1 Your verification session');
  });

  it('creates a 3-person session, surviving a reload mid-draft; shares it by link, copy and QR', async () => {
    const page = await open();
    const id = await createThreePersonSession(page, { reloadMidDraft: true });
    await page.getByRole('heading', { level: 1, name: 'Your verification session' }).waitFor();
    expect(await page.getByLabel('Invitation link').inputValue()).toBe(`${appUrl}/invite/${id}`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${appUrl}/invite/${id}`);
    // The code has its own copy button, and copies it as it reads (groups of four; the join form takes it so).
    await page.getByRole('button', { name: 'Copy code' }).click();
    await page.getByText('Code copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id.replace(/(.{4})(?=.)/g, '$1 '));
    await expect(page.getByRole('img', { name: /QR code/ }).isVisible()).resolves.toBe(true);
    expect((await session(id)).participants.map((p) => p.name)).toEqual(['Ana Pérez', 'Bo Li', 'Cy Moreau']);
    expect(await page.evaluate(() => localStorage.getItem('idv.createDraft'))).toBeNull();
    await screenshot(page, 'session');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('joins by a code typed in lower case with dashes; two invitees accept in separate browsers; a third browser is refused', async () => {
    const initiator = await open();
    const id = await createThreePersonSession(initiator);

    const bo = await open();
    await bo.goto(`${appUrl}/join`);
    await bo.getByLabel('Session code').fill(`${id.slice(0, 4)}-${id.slice(4, 8)}-${id.slice(8)}`.toLowerCase());
    expect(await bo.getByLabel('Session code').inputValue()).toBe(`${id.slice(0, 4)}-${id.slice(4, 8)}-${id.slice(8)}`);
    expect(await seriousViolations(bo)).toEqual([]);
    await bo.getByRole('button', { name: 'Join' }).click();
    await bo.getByRole('heading', { level: 1, name: 'Ana Pérez invited you to verify each other' }).waitFor();
    // The initiator is not offered on the invite page.
    expect(await bo.getByRole('radio').count()).toBe(2);
    expect(await seriousViolations(bo)).toEqual([]);
    await screenshot(bo, 'invite');
    await bo.getByRole('radio', { name: /Bo Li/ }).check();
    await bo.getByLabel('Your e-mail address').fill('bo@example.com');
    await bo.getByLabel('I accept the').check();
    await bo.getByRole('button', { name: 'Accept and verify' }).click();
    await bo.waitForURL(`${appUrl}/verify/${id}`);

    const cy = await open();
    await acceptAndVerify(cy, id, 'Cy Moreau');
    expect((await session(id)).participants.map((p) => p.claimed)).toEqual([true, true, true]);

    const intruder = await open();
    await accept(intruder, id, 'Bo Li');
    await intruder.getByRole('alert').getByText('Session is full. Maximum 2 participants allowed.').waitFor();
    expect(intruder.url()).toBe(`${appUrl}/invite/${id}`);
  });

  it('a stranger with the link cannot take a place: a wrong e-mail address is refused, after five that browser is kept out, and the invited person still takes it', async () => {
    const initiator = await open();
    const id = await createThreePersonSession(initiator);
    const stranger = await open();
    await accept(stranger, id, 'Bo Li', 'bo.li@example.com');
    await stranger
      .getByRole('alert')
      .getByText(/This is not the e-mail address the initiator entered for this participant/)
      .waitFor();
    expect(stranger.url()).toBe(`${appUrl}/invite/${id}`);
    for (const guess of ['boli@example.com', 'b.li@example.com', 'li@example.com', 'bo@example.org']) {
      await stranger.getByLabel('Your e-mail address').fill(guess);
      await stranger.getByRole('button', { name: 'Accept and verify' }).click();
      await stranger.getByRole('button', { name: 'Accept and verify' }).waitFor();
    }
    await stranger
      .getByRole('alert')
      .getByText(/Too many wrong e-mail addresses were entered here for this participant/)
      .waitFor();
    // Only the guesser is kept out: the place shows no lock, and the invited person, calling from
    // elsewhere (every test browser shares one address, so here a server-side client), takes it.
    expect((await session(id)).participants[1]).toEqual(expect.objectContaining({ claimed: false }));
    expect((await session(id)).participants[1]).toEqual(expect.not.objectContaining({ claimLockedUntil: expect.anything() }));
    const bo = (await session(id)).participants[1];
    const claimed = await api('POST', `/sessions/${id}/participants/${bo._id}/claim`, {
      apiKey: secretApiKey,
      body: { email: 'bo@example.com', termsAccepted: true },
    });
    expect(claimed.status).toBe(200);
    expect((await session(id)).participants[1].claimed).toBe(true);
    expect(await seriousViolations(stranger)).toEqual([]);
  });

  it('the initiator releases a place the wrong person claimed: the real invitee then takes it, the wrong browser is refused', async () => {
    const initiator = await open();
    const id = await createThreePersonSession(initiator);
    const wrong = await open();
    await acceptAndVerify(wrong, id, 'Bo Li');
    const bo = (await session(id)).participants[1];
    const wrongToken = await wrong.evaluate(
      ([sessionId, participantId]) => JSON.parse(localStorage.getItem(`idv.tokens.${sessionId}`) ?? '{}').participants?.[participantId],
      [id, bo._id],
    );
    expect(wrongToken).toEqual(expect.any(String));

    // The initiator's page offers it once the claim shows (it reads the session every few seconds).
    const release = initiator.getByRole('button', { name: 'Release this place: Bo Li' });
    await release.waitFor({ timeout: 15000 });
    await release.click();
    await initiator.getByText('Do this if someone other than Bo Li chose this place.', { exact: false }).waitFor();
    await initiator.getByRole('button', { name: 'Yes, release it' }).click();
    await release.waitFor({ state: 'detached' });
    expect((await session(id)).participants[1]).toMatchObject({ claimed: false, status: 'pending' });

    const refused = await api('POST', `/sessions/${id}/reject`, { body: { participantId: bo._id }, token: wrongToken });
    expect(refused).toMatchObject({ status: 403, body: { code: 'place_released' } });
    const realBo = await open();
    await acceptAndVerify(realBo, id, 'Bo Li');
    expect((await session(id)).participants[1]).toMatchObject({ claimed: true });
    expect(await seriousViolations(initiator)).toEqual([]);
  });

  it('a second browser cannot claim a participant another browser holds', async () => {
    const initiator = await open();
    const id = await createThreePersonSession(initiator);
    const bo = await open();
    await acceptAndVerify(bo, id, 'Bo Li');
    const other = await open();
    await accept(other, id, 'Bo Li');
    await other.getByText('This participant has already been chosen on another device.').waitFor();
  });

  it('declines: the rejected page, and the participant is declined', async () => {
    const initiator = await open();
    const id = await createThreePersonSession(initiator);
    const cy = await open();
    await cy.goto(`${appUrl}/invite/${id}`);
    await cy.getByRole('button', { name: 'Accept and verify' }).click();
    await cy.getByText('Please select which participant you are.').waitFor();
    await cy.getByRole('radio', { name: /Cy Moreau/ }).check();
    await cy.getByRole('button', { name: 'Accept and verify' }).click();
    await cy.getByText('Please enter the e-mail address the initiator entered for you.').waitFor();
    await cy.getByLabel('Your e-mail address').fill('cy@example.com');
    await cy.getByRole('button', { name: 'Accept and verify' }).click();
    await cy.getByText('Please accept the Terms of Service to continue.').waitFor();
    await cy.reload();
    await cy.getByRole('button', { name: 'Decline invitation' }).click();
    await cy.getByText('Please select which participant you are before rejecting.').waitFor();
    await cy.getByRole('radio', { name: /Cy Moreau/ }).check();
    // Declining is claiming the place too: a stranger cannot decline for someone.
    await cy.getByRole('button', { name: 'Decline invitation' }).click();
    await cy.getByText('Please enter the e-mail address the initiator entered for you.').waitFor();
    // A wrong address is told as such, not as a failed decline, and declines nothing.
    await cy.getByLabel('Your e-mail address').fill('someone@example.com');
    await cy.getByRole('button', { name: 'Decline invitation' }).click();
    await cy.getByRole('dialog', { name: 'Decline the invitation?' }).getByRole('button', { name: 'Yes, decline' }).click();
    await cy
      .getByRole('alert')
      .getByText(/This is not the e-mail address the initiator entered for this participant/)
      .waitFor();
    expect((await session(id)).participants[2].status).toBe('pending');
    await cy.getByLabel('Your e-mail address').fill('CY@example.com');
    // It cannot be undone: asked first, and keeping the invitation changes nothing.
    await cy.getByRole('button', { name: 'Decline invitation' }).click();
    const confirm = cy.getByRole('dialog', { name: 'Decline the invitation?' });
    await confirm.getByText(/cannot verify in this session afterwards/).waitFor();
    expect(await seriousViolations(cy)).toEqual([]);
    await confirm.getByRole('button', { name: 'Keep the invitation' }).click();
    expect((await session(id)).participants[2].status).toBe('pending');
    await cy.getByRole('button', { name: 'Decline invitation' }).click();
    await cy.getByRole('dialog', { name: 'Decline the invitation?' }).getByRole('button', { name: 'Yes, decline' }).click();
    await cy.waitForURL(`${appUrl}/rejected/${id}`);
    await cy.getByRole('heading', { level: 1, name: 'Invitation declined' }).waitFor();
    expect(await seriousViolations(cy)).toEqual([]);
    await screenshot(cy, 'rejected');
    expect((await session(id)).participants[2].status).toBe('declined');
    // The link opened again on this device says so again, with no form to accept from.
    await cy.goto(`${appUrl}/invite/${id}`);
    await cy.waitForURL(`${appUrl}/rejected/${id}`);
    // On another device the declined place cannot be chosen.
    const other = await open();
    await other.goto(`${appUrl}/invite/${id}`);
    expect(await other.getByRole('radio', { name: /Cy Moreau/ }).isDisabled()).toBe(true);
  });

  it('cancels with confirmation: results for the initiator, and the invite page redirects there too', async () => {
    const page = await open();
    const id = await createThreePersonSession(page);
    await page.getByRole('button', { name: 'Cancel session' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel session' });
    await dialog.getByText('This action cannot be undone').waitFor();
    await dialog.getByRole('button', { name: 'Yes, cancel the session' }).click();
    await page.waitForURL(`${appUrl}/results/${id}`);
    expect((await session(id)).isCancelled).toBe(true);
    const invitee = await open();
    await invitee.goto(`${appUrl}/invite/${id}`);
    await invitee.waitForURL(`${appUrl}/results/${id}`);
  });

  it('shows the not-found view with go-home for an unknown session', async () => {
    const page = await open();
    await page.goto(`${appUrl}/invite/0123456789AB`);
    await page.getByRole('heading', { level: 1, name: 'Session not found or expired.' }).waitFor();
    await page.getByRole('link', { name: 'Go home' }).click();
    await page.waitForURL(`${appUrl}/`);
  });

  it('runs a whole flow in Spanish', async () => {
    const page = await open('es-ES');
    await page.goto(`${appUrl}/create`);
    await page.getByLabel('Tu nombre').fill('Lucía Gómez');
    await page.getByLabel('Tu correo electrónico').fill('lucia@example.com');
    await page.getByLabel('Propósito de la verificación').fill('Alquiler de un piso');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Nombre del participante 1').fill('Pablo Ruiz');
    await page.getByLabel('Correo del participante 1').fill('pablo@example');
    await page.getByLabel('Acepto los').check();
    await page.getByRole('button', { name: 'Crear sesión' }).click();
    await page.getByText('Por favor, introduce un correo electrónico válido').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Correo del participante 1').fill('pablo@example.com');
    await page.getByRole('button', { name: 'Crear sesión' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tu sesión de verificación' }).waitFor();
    const id = new URL(page.url()).pathname.split('/')[2];

    const pablo = await open('es-ES');
    await pablo.goto(`${appUrl}/invite/${id}`);
    await pablo.getByRole('heading', { level: 1, name: 'Lucía Gómez te ha invitado a verificaros mutuamente' }).waitFor();
    await pablo.getByRole('radio', { name: /Pablo Ruiz/ }).check();
    await pablo.getByLabel('Tu dirección de correo electrónico').fill('pablo@example.com');
    await pablo.getByRole('button', { name: 'Rechazar invitación' }).click();
    await pablo.getByRole('dialog', { name: '¿Rechazar la invitación?' }).getByRole('button', { name: 'Sí, rechazar' }).click();
    await pablo.getByRole('heading', { level: 1, name: 'Invitación rechazada' }).waitFor();
    await screenshot(pablo, 'rejected-es');
  });
});
