import fs from 'node:fs';
import path from 'node:path';
import { screenshot } from '../support/browser';
import { sessionOf, sessionUnderWay, flowSuite, FLOW_TIMEOUT_MS } from '../support/flows';
import { fillNameAndDocuments, finalOutcome, resultRow, submit, takeSelfie } from '../support/verify-steps';
import { peopleFromPackagePhotos } from '@idv/id-fixtures';
import { type Identity, cardPortraitClip, identities, identityWithFace } from '../support/identities';
import { livePersonCamera, livePoses } from '../support/live-person';

/** The lines svc-verification (as deployed, its logs in E2E_LOG_DIR) wrote when a check ended. */
function checksDone(): string[] {
  const logDir = process.env.E2E_LOG_DIR;
  if (!logDir) throw new Error('E2E_LOG_DIR is needed to read the service logs: run through `npm test`.');
  return fs
    .readdirSync(logDir)
    .filter((file) => file.startsWith('svc-verification-default'))
    .flatMap((file) => fs.readFileSync(path.join(logDir, file), 'utf8').split('\n'))
    .filter((line) => line.includes('check done in'));
}

/**
 * Liveness as deployed, with no setting changed (npm test restarts svc-verification so for this
 * suite): the head-turn decision advisory, the portrait-copy rule enforced. In real Chromium, against
 * the real gateway, services and checks.
 */
describe('liveness as deployed by default, end to end', () => {
  let anna: Identity;
  const personBrowser = flowSuite(([, second]) => (anna = second));

  it(
    "the card's portrait cut out and held up to the camera fails liveness_failed, told why; a live head whose selfie is as close to its portrait is verified by its head turns",
    async () => {
      // The initiator: a live head at a camera that follows the page's arrows (package photo person 16, as
      // the evaluation renders one, with a face's depth), whose document portrait is the photo its selfie
      // comes from, so that the selfie scores as a copy of it: the capture's live head outweighs the score.
      const people = await peopleFromPackagePhotos();
      const initiator = await identityWithFace(path.dirname(anna.cameraFile), 'default-jose', 'jose', people[16]);
      const initiatorPage = await personBrowser(initiator.cameraFile, { livePerson: livePersonCamera(await livePoses(people[16].face)) });
      // The invitee holds up the portrait of her own card, cut out: the same print as on the front she sends.
      const cropCamera = path.join(path.dirname(anna.cameraFile), 'anna-portrait-crop.y4m');
      fs.writeFileSync(cropCamera, await cardPortraitClip('anna', people[1]));
      const inviteePage = await personBrowser(cropCamera);
      const id = await sessionUnderWay(initiatorPage, initiator, [[inviteePage, anna]]);

      await fillNameAndDocuments(inviteePage, anna);
      await takeSelfie(inviteePage, 'en');
      await submit(inviteePage);
      await fillNameAndDocuments(initiatorPage, initiator);
      await takeSelfie(initiatorPage, 'en');
      await submit(initiatorPage);

      expect(await finalOutcome(inviteePage)).toBe('not final');
      // both results shown (the live head's capture is measured within its check, which takes longer)
      await inviteePage.locator('li.result-row', { hasText: initiator.invitedName }).filter({ hasText: 'Verified' }).waitFor({ timeout: 60000 });
      const row = await resultRow(inviteePage, anna.invitedName);
      expect(row).toContain('The selfie could not be confirmed as a live person at the camera.');
      expect(row).toContain(
        'Take the selfie of your own face, live at the camera, not of a document or a photo: look straight at the camera as you press Capture, then follow each arrow all the way.',
      );
      expect(await resultRow(inviteePage, initiator.invitedName)).toContain('Verified');
      await screenshot(inviteePage, 'results-liveness-portrait-crop');
      const session = await sessionOf(id);
      expect(session.participants.find((p) => p.name === anna.invitedName)?.result?.reasons.map((r) => r.code)).toEqual(['liveness_failed']);
      expect(session.participants.find((p) => p.name === initiator.invitedName)?.status).toBe('verified');
      // What refused her, as svc-verification logged it: the copy of the portrait (the crop shows no text of
      // the card, so it is not the rule for a document held up); the live head's check ended verified.
      const done = checksDone().slice(-2);
      expect(done.filter((line) => /: failed,.*the selfie copies the portrait/.test(line))).toHaveLength(1);
      expect(done.filter((line) => /: verified/.test(line))).toHaveLength(1);
    },
    FLOW_TIMEOUT_MS,
  );

  it.each([
    {
      edit: 'pixelated with its blocks left hard',
      as: 'pixelated',
      clip: { pixelated: true },
      // the rule of faces/block-grid.ts
      logged: /: failed,.*the selfie is pixelated/,
    },
    {
      edit: 'made small and enlarged again smoothly',
      as: 'enlarged',
      clip: { enlarged: true },
      // the rule of faces/resampling-trace.ts
      logged: /: failed,.*the selfie is enlarged/,
    },
  ])(
    "the card's portrait cut out and $edit, held up to the camera, fails liveness_failed as $as, told why",
    async ({ as, clip, logged }) => {
      const [jose] = (await identities()).identities;
      const people = await peopleFromPackagePhotos();
      const editedCamera = path.join(path.dirname(anna.cameraFile), `anna-portrait-${as}.y4m`);
      fs.writeFileSync(editedCamera, await cardPortraitClip('anna', people[1], clip));
      const initiatorPage = await personBrowser(jose.cameraFile);
      const inviteePage = await personBrowser(editedCamera);
      const id = await sessionUnderWay(initiatorPage, jose, [[inviteePage, anna]]);

      await fillNameAndDocuments(inviteePage, anna);
      await takeSelfie(inviteePage, 'en');
      await submit(inviteePage);

      await inviteePage.locator('li.result-row', { hasText: anna.invitedName }).filter({ hasText: 'live person' }).waitFor({ timeout: 60000 });
      const row = await resultRow(inviteePage, anna.invitedName);
      expect(row).toContain('The selfie could not be confirmed as a live person at the camera.');
      expect(row).toContain('Take the selfie of your own face, live at the camera, not of a document or a photo');
      await screenshot(inviteePage, `results-liveness-${as}`);
      const session = await sessionOf(id);
      expect(session.participants.find((p) => p.name === anna.invitedName)?.result?.reasons.map((r) => r.code)).toContain('liveness_failed');
      // What refused her, as svc-verification logged it
      expect(checksDone().at(-1)).toMatch(logged);
    },
    FLOW_TIMEOUT_MS,
  );
});
