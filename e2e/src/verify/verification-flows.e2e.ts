import { seriousViolations } from '../support/axe';
import { screenDisplay, screenshot } from '../support/browser';
import { e2eEnvironment } from '../support/environment';
import { acceptInvitation, createSession, sessionOf, startAsInitiator, sessionUnderWay, flowSuite, FLOW_TIMEOUT_MS, pagesOf } from '../support/flows';
import { fillNameAndDocuments, finalOutcome, resultRow, submit, takeSelfie, uploadSelfieInstead, verifyFully } from '../support/verify-steps';
import { type Identity } from '../support/identities';

/**
 * Whole sessions in real Chromium against the real gateway, services, NATS, database and AI
 * checks. Every person has their own browser; the camera is faked from a clip of their face.
 */
describe('verification flows end to end', () => {
  let jose: Identity, anna: Identity, lucas: Identity;
  let impostorCamera: string;
  const personBrowser = flowSuite((people, impostorCameraFile) => {
    [jose, anna, lucas] = people;
    impostorCamera = impostorCameraFile;
  });

  it(
    '1. two people, both genuine: both verified, and both browsers see overall success',
    async () => {
      const [josePage, annaPage] = await pagesOf(personBrowser, jose, anna);
      const id = await createSession(josePage, jose, [anna], 'en', { screenshots: true });
      // The shared screen styles (libs/ui) reach both remotes: a build setting once dropped them silently.
      expect(await screenDisplay(josePage, 'section.screen', 'grid')).toBe('grid');
      await startAsInitiator(josePage);
      await josePage.getByText(`Verifying as ${jose.invitedName}`).waitFor();
      expect(await screenDisplay(josePage, 'form.screen', 'grid')).toBe('grid');
      await screenshot(josePage, 'verify-empty');
      expect(await seriousViolations(josePage)).toEqual([]);

      // Anna joins by the code, typed the way people type codes.
      await annaPage.goto(`${e2eEnvironment().appUrl}/join`);
      await annaPage.getByLabel('Session code').fill(`${id.slice(0, 4)}-${id.slice(4, 8)}-${id.slice(8)}`.toLowerCase());
      await screenshot(annaPage, 'join');
      await annaPage.getByRole('button', { name: 'Join', exact: true }).click();
      await annaPage.waitForURL(/\/invite\//);
      await acceptInvitation(annaPage, id, anna);
      await annaPage.getByText(`Verifying as ${anna.invitedName}`).waitFor();

      // José first: the live mirrored view, the captured preview, then waiting for Anna.
      await fillNameAndDocuments(josePage, jose);
      await takeSelfie(josePage, 'en', () => screenshot(josePage, 'verify-camera-live'));
      await screenshot(josePage, 'verify-ready-to-submit');
      expect(await seriousViolations(josePage)).toEqual([]);
      await submit(josePage);
      await josePage.waitForURL(/\/waiting\//);
      await josePage.getByRole('heading', { name: 'Waiting for the other participants' }).waitFor();
      await josePage.getByText(/^Last checked:/).waitFor();
      await screenshot(josePage, 'waiting');
      expect(await seriousViolations(josePage)).toEqual([]);

      await verifyFully(annaPage, anna);
      expect(await finalOutcome(annaPage)).toBe('success');
      expect(await finalOutcome(josePage)).toBe('success');
      for (const page of [josePage, annaPage]) {
        expect(await resultRow(page, jose.invitedName)).toContain('Verified');
        expect(await resultRow(page, anna.invitedName)).toContain('Verified');
        await page.getByText('Completed', { exact: true }).waitFor();
      }
      await screenshot(annaPage, 'results-success');
      expect(await seriousViolations(annaPage)).toEqual([]);
      expect((await sessionOf(id)).status).toBe('completed');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    '2. three people, one impostor selfie: that one failed with the face reason, not final while he may still try again',
    async () => {
      const [josePage, annaPage] = await pagesOf(personBrowser, jose, anna);
      const lucasPage = await personBrowser(impostorCamera);
      const id = await sessionUnderWay(josePage, jose, [
        [annaPage, anna],
        [lucasPage, lucas],
      ]);

      await Promise.all([verifyFully(josePage, jose), verifyFully(annaPage, anna), verifyFully(lucasPage, lucas)]);
      // A face mismatch can be retried while attempts are left: nobody's page calls it final yet.
      for (const page of [josePage, annaPage, lucasPage]) expect(await finalOutcome(page)).toBe('not final');
      expect(await resultRow(lucasPage, lucas.invitedName)).toContain('Failed');
      expect(await resultRow(lucasPage, lucas.invitedName)).toContain('The selfie does not match the photo on the document.');
      expect(await resultRow(lucasPage, jose.invitedName)).toContain('Verified');
      expect(await resultRow(lucasPage, anna.invitedName)).toContain('Verified');
      await screenshot(lucasPage, 'results-failure');
      const session = await sessionOf(id);
      expect(session.status).toBe('failed');
      expect(session.participants.find((p) => p.name === lucas.invitedName)?.result?.reasons.map((r) => r.code)).toEqual(['face_mismatch']);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    '3. one picks their place on the verify page (terms first) and declines there: rejected page; the others continue to results',
    async () => {
      const [josePage, annaPage, lucasPage] = await pagesOf(personBrowser, jose, anna, lucas);
      const id = await createSession(josePage, jose, [anna, lucas]);
      await startAsInitiator(josePage);
      await acceptInvitation(annaPage, id, anna);
      // Lucas opens the verify page directly: it asks who he is, and choosing claims his place.
      await lucasPage.goto(`${e2eEnvironment().appUrl}/verify/${id}`);
      await lucasPage.getByRole('heading', { name: 'Which participant are you?' }).waitFor();
      await screenshot(lucasPage, 'verify-identity-picker');
      expect(await seriousViolations(lucasPage)).toEqual([]);
      // Choosing a place asks for the e-mail address the initiator entered for it ...
      await lucasPage.getByRole('button', { name: new RegExp(`^${lucas.invitedName} · `) }).click();
      await lucasPage.getByText('Please enter the e-mail address the initiator entered for you.').waitFor();
      await lucasPage.getByLabel('Your e-mail address').fill(lucas.email);
      // ... and every party consents: without the terms, choosing claims nothing.
      await lucasPage.getByRole('button', { name: new RegExp(`^${lucas.invitedName} · `) }).click();
      await lucasPage.getByText('Please accept the Terms of Service to continue.').waitFor();
      expect((await sessionOf(id)).participants[2].claimed).toBe(false);
      await lucasPage.getByLabel('I accept the').check();
      await lucasPage.getByRole('button', { name: new RegExp(`^${lucas.invitedName} · `) }).click();
      await lucasPage.getByText(`Verifying as ${lucas.invitedName}`).waitFor();

      // Lucas typed something, so declining asks first.
      await lucasPage.getByLabel('Your full legal name').fill('Lucas');
      await lucasPage.getByRole('button', { name: 'Decline invitation' }).click();
      await lucasPage.getByText("Are you sure you want to decline this invitation? Any information you've entered will be lost.").waitFor();
      await screenshot(lucasPage, 'verify-decline-confirmation');
      await lucasPage.getByRole('button', { name: 'Yes, decline' }).click();
      await lucasPage.waitForURL(/\/rejected\//);
      await lucasPage.getByRole('heading', { name: 'Invitation declined' }).waitFor();

      await Promise.all([verifyFully(josePage, jose), verifyFully(annaPage, anna)]);
      for (const page of [josePage, annaPage]) {
        expect(await finalOutcome(page)).toBe('success');
        expect(await resultRow(page, lucas.invitedName)).toContain('Declined');
      }
      await screenshot(josePage, 'results-with-declined');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    '4. the initiator cancels while another is on the verify page: that submit lands on the cancelled view',
    async () => {
      const [josePage, annaPage] = await pagesOf(personBrowser, jose, anna);
      // Without its live stream (which would move it to the cancelled view at once: live-updates.e2e.ts),
      // Anna's page still shows the form when she submits.
      await annaPage.route(/\/api\/sessions\/[^/]+\/events$/, (route) => route.abort());
      const id = await sessionUnderWay(josePage, jose, [[annaPage, anna]]);
      await fillNameAndDocuments(annaPage, anna);
      await takeSelfie(annaPage);

      await josePage.getByRole('button', { name: 'Cancel session' }).click();
      await josePage.getByText(/Are you sure you want to cancel this verification session\?/).waitFor();
      await screenshot(josePage, 'verify-cancel-confirmation');
      await josePage.getByRole('button', { name: 'Yes, cancel the session' }).click();
      await josePage.waitForURL(/\/results\//);
      await josePage.getByRole('heading', { name: 'Session cancelled' }).waitFor();
      await josePage.getByText('Reason: Cancelled by initiator').waitFor();
      // The initiator sees everyone's status; the others do not.
      expect(await josePage.locator('.people li').count()).toBe(2);
      await screenshot(josePage, 'results-cancelled-initiator');

      await submit(annaPage);
      await annaPage.waitForURL(/\/results\//);
      await annaPage.getByRole('heading', { name: 'Session cancelled' }).waitFor();
      expect(await annaPage.locator('.people li').count()).toBe(0);
      expect(await annaPage.getByRole('alert').filter({ hasText: 'Error' }).count()).toBe(0);
      await screenshot(annaPage, 'results-cancelled');
      expect(await seriousViolations(annaPage)).toEqual([]);
      expect((await sessionOf(id)).participants.map((p) => p.status)).toEqual(['cancelled', 'cancelled']);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    '5. camera permission denied: the inline error, and the flow still finishes with an uploaded photo',
    async () => {
      const josePage = await personBrowser(jose.cameraFile);
      const annaPage = await personBrowser(anna.cameraFile, { denyCamera: true });
      await sessionUnderWay(josePage, jose, [[annaPage, anna]]);

      await fillNameAndDocuments(annaPage, anna);
      await uploadSelfieInstead(annaPage, anna, async () => {
        expect(await annaPage.getByRole('button', { name: 'Submit verification' }).isDisabled()).toBe(true);
        await screenshot(annaPage, 'verify-camera-denied');
      });
      await submit(annaPage);
      await annaPage.waitForURL(/\/waiting\//);

      await verifyFully(josePage, jose);
      expect(await finalOutcome(annaPage)).toBe('success');
      expect(await finalOutcome(josePage)).toBe('success');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    '6. a whole flow in Spanish',
    async () => {
      const josePage = await personBrowser(jose.cameraFile, { language: 'es' });
      const annaPage = await personBrowser(anna.cameraFile, { language: 'es' });
      const id = await createSession(josePage, jose, [anna], 'es');
      await startAsInitiator(josePage, 'es');
      await josePage.getByText(`Verificando como ${jose.invitedName}`).waitFor();
      await screenshot(josePage, 'es-verify');
      await acceptInvitation(annaPage, id, anna, 'es');
      await verifyFully(josePage, jose, 'es');
      await josePage.waitForURL(/\/waiting\//);
      await josePage.getByRole('heading', { name: 'Esperando a los demás participantes' }).waitFor();
      await josePage.getByText(/^Última comprobación:/).waitFor();
      await screenshot(josePage, 'es-waiting');
      await verifyFully(annaPage, anna, 'es');
      for (const page of [josePage, annaPage]) {
        expect(await finalOutcome(page, 'es')).toBe('success');
        expect(await resultRow(page, anna.invitedName)).toContain('Verificado');
        await page.getByText('Completada', { exact: true }).waitFor();
      }
      expect(await josePage.evaluate(() => document.documentElement.lang)).toBe('es');
      await screenshot(annaPage, 'es-results');
    },
    FLOW_TIMEOUT_MS,
  );
  it(
    '7. a retryable failure: the person tries again in the same session and ends verified, and the other page follows',
    async () => {
      const [josePage, annaPage] = await pagesOf(personBrowser, jose, anna);
      const id = await sessionUnderWay(josePage, jose, [[annaPage, anna]]);
      await verifyFully(josePage, jose);

      // A name typed that is not the one on the document: a retryable failure.
      await verifyFully(annaPage, { ...anna, realName: 'Maria Gonzalez' });
      // Not final while she may try again: both pages say who can, and neither calls it a failure.
      const notFinal = `Not final yet: ${anna.invitedName} can still try again. This page updates by itself.`;
      await annaPage.waitForURL(/\/results\//);
      await annaPage.getByText(notFinal).waitFor({ timeout: 60000 });
      expect(await resultRow(annaPage, anna.invitedName)).toContain('The name typed does not match the name on the document.');
      expect(await resultRow(annaPage, anna.invitedName)).toContain('Type your name exactly as it is printed on your document.');
      await josePage.waitForURL(/\/results\//);
      await josePage.getByText(notFinal).waitFor({ timeout: 60000 });
      expect(await josePage.getByRole('heading', { level: 2, name: 'Verification not successful' }).count()).toBe(0);
      expect(await resultRow(josePage, anna.invitedName)).toContain('This can be fixed by trying again.');
      expect(await josePage.getByRole('link', { name: 'Try again' }).count()).toBe(0);
      await screenshot(annaPage, 'results-try-again');
      expect(await seriousViolations(annaPage)).toEqual([]);

      await annaPage.getByRole('link', { name: 'Try again' }).click();
      await annaPage.waitForURL(/\/verify\//);
      await annaPage.getByText('Attempt 2 of 3').waitFor();
      // Only what failed is asked for again: the document photos are kept; the live selfie is taken anew.
      await annaPage.getByText('Kept from your last attempt: the document photos.').waitFor();
      await annaPage.getByText('Give again: your name, the selfie.').waitFor();
      await annaPage.getByText(`${anna.frontFile.split('/').pop()}: uploaded and ready`).waitFor();
      await annaPage.getByText(`${anna.backFile.split('/').pop()}: uploaded and ready`).waitFor();
      expect(await annaPage.getByLabel('Your full legal name').inputValue()).toBe('');
      await screenshot(annaPage, 'verify-try-again');
      await annaPage.getByLabel('Your full legal name').fill(anna.realName);
      await takeSelfie(annaPage);
      await submit(annaPage);
      expect(await finalOutcome(annaPage)).toBe('success');
      // José's results page was following: it turns to success by itself.
      await josePage.getByRole('heading', { level: 2, name: 'Verification successful' }).waitFor({ timeout: 60000 });
      const annaNow = (await sessionOf(id)).participants[1];
      expect(annaNow).toMatchObject({ status: 'verified', attempt: 2, attemptsLeft: 1 });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    '8. continue on another device: a person accepts on a laptop, finishes on a phone, and the laptop says the place moved',
    async () => {
      const josePage = await personBrowser(jose.cameraFile);
      const laptop = await personBrowser(anna.cameraFile);
      const phone = await personBrowser(anna.cameraFile);
      const id = await sessionUnderWay(josePage, jose, [[laptop, anna]]);

      await laptop.getByRole('button', { name: 'Continue on another device' }).click();
      const dialog = laptop.getByRole('dialog', { name: 'Continue on another device' });
      await dialog.getByRole('img', { name: 'QR code of the link that continues on another device' }).waitFor();
      const link = await dialog.getByLabel('Link for the other device').inputValue();
      expect(link).toMatch(new RegExp(`^${e2eEnvironment().appUrl}/handoff/[A-Za-z0-9_-]{22}$`));
      // A copy button beside it, to send the link to oneself.
      await laptop.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await dialog.getByRole('button', { name: 'Copy link' }).click();
      await dialog.getByText('Link copied').waitFor();
      expect(await laptop.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await screenshot(laptop, 'handoff-code');
      expect(await seriousViolations(laptop)).toEqual([]);

      // The phone opens the link (what scanning the code does) and is on the form, as Anna.
      await phone.goto(link);
      await phone.waitForURL(new RegExp(`/verify/${id}$`));
      await phone.getByText(`Verifying as ${anna.invitedName}`).waitFor();
      // The laptop notices by itself and says where things go on; its token no longer acts.
      await laptop.getByRole('heading', { level: 1, name: 'You continue on another device' }).waitFor({ timeout: 10000 });
      await screenshot(laptop, 'handoff-moved');

      // The same link again, say from the laptop: spent.
      await laptop.goto(link);
      await laptop.getByText('This link was used already or has expired.', { exact: false }).waitFor();

      await verifyFully(josePage, jose);
      await verifyFully(phone, anna);
      expect(await finalOutcome(phone)).toBe('success');
      expect(await finalOutcome(josePage)).toBe('success');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    '9. the initiator moves the session to another device: the new one manages it, the old one says so',
    async () => {
      const first = await personBrowser(jose.cameraFile);
      const second = await personBrowser(jose.cameraFile);
      const id = await createSession(first, jose, [anna]);
      await first.getByRole('button', { name: 'Continue on another device' }).click();
      const link = await first.getByRole('dialog').getByLabel('Link for the other device').inputValue();
      await second.goto(link);
      await second.waitForURL(new RegExp(`/session/${id}$`));
      // The whole session moved: e-mails shown, cancel offered, and the first device says it moved.
      await second.getByText(anna.email).waitFor();
      await second.getByRole('button', { name: 'Cancel session' }).waitFor();
      await first.getByRole('heading', { level: 1, name: 'You continue on another device' }).waitFor({ timeout: 10000 });
      await first.getByRole('link', { name: 'See the session status' }).click();
      await first.waitForURL(new RegExp(`/results/${id}$`));
    },
    FLOW_TIMEOUT_MS,
  );
});
