import fs from 'node:fs';
import path from 'node:path';
import { screenshot } from '../support/browser';
import { sessionOf, sessionUnderWay, flowSuite, FLOW_TIMEOUT_MS } from '../support/flows';
import { inviteeFailsLiveness } from '../support/liveness-steps';
import { fillNameAndDocuments, finalOutcome, resultRow, submit, takeSelfie, uploadSelfieInstead } from '../support/verify-steps';
import { peopleFromPackagePhotos, selfieOf } from '@idv/id-fixtures';
import { type Identity, identityWithFace, movedPhotoClip } from '../support/identities';
import { livePersonCamera, livePoses } from '../support/live-person';

/**
 * Liveness enforced (svc-verification with LIVENESS_HEAD_TURNS=enforced, as npm test restarts it for
 * this suite), in real Chromium, against the real gateway, services and checks: two live heads that
 * follow the arrows of the guided capture are verified; a photo moved in front of the camera to fake
 * the moves fails `liveness_failed`; and a selfie uploaded without the camera is refused before
 * anything is recorded, with the way on.
 */
/** The refusals of svc-verification's last `count` head-turn records, enforced, from its logs in E2E_LOG_DIR. */
function lastEnforcedRefusals(count: number): string[] {
  const logDir = process.env.E2E_LOG_DIR;
  if (!logDir) throw new Error('E2E_LOG_DIR is needed to read the service logs: run through `npm test`.');
  const records = fs
    .readdirSync(logDir)
    .filter((file) => file.startsWith('svc-verification'))
    .flatMap((file) => fs.readFileSync(path.join(logDir, file), 'utf8').split('\n'))
    .filter((line) => line.includes('"headTurns"'))
    .map((line) => JSON.parse(line) as { time: number; headTurns: { mode: string; refusal?: string } })
    .filter((entry) => entry.headTurns.mode === 'enforced')
    .sort((a, b) => a.time - b.time);
  return records.slice(-count).map((entry) => entry.headTurns.refusal ?? 'live');
}

describe('liveness enforced, end to end', () => {
  let jose: Identity, anna: Identity;
  const personBrowser = flowSuite((people) => ([jose, anna] = people));

  it(
    'two people at the camera who turn their heads as the arrows ask are both verified: one looks at the Capture button and is asked to look straight once more, the other is slow to react and asked once more for each move',
    async () => {
      // Two faces that look at the camera in their photos (the package photos' people 16 and 17), each a live
      // head as the evaluation renders one (a face's depth), at a camera that follows the page's arrows as
      // they show: no order is known in advance, the server's challenge draws it at Capture. The initiator
      // looks down at the Capture button as they press it, a start the server refuses; the invitee starts
      // each move 2 s after its arrow shows, when the move's time (1.8 s) is over.
      const people = await peopleFromPackagePhotos();
      const dir = path.dirname(jose.cameraFile);
      const [initiator, invitee] = [await identityWithFace(dir, 'live-jose', 'jose', people[16]), await identityWithFace(dir, 'live-anna', 'anna', people[17])];
      const initiatorPage = await personBrowser(initiator.cameraFile, {
        livePerson: livePersonCamera(await livePoses(people[16].face, { away: true }), { looksAtButton: true }),
      });
      const inviteePage = await personBrowser(invitee.cameraFile, { livePerson: livePersonCamera(await livePoses(people[17].face), { reactAfterMs: 2000 }) });
      await sessionUnderWay(initiatorPage, initiator, [[inviteePage, invitee]]);

      // Before Capture, the page's face model sees a face in place, by the rule the server starts from;
      // during it, it sees the slow person's moves not yet made, and asks for each once more.
      await fillNameAndDocuments(inviteePage, invitee);
      await takeSelfie(
        inviteePage,
        'en',
        () => inviteePage.getByRole('status').filter({ hasText: 'Your face is in place: press Capture when you are ready.' }).waitFor({ timeout: 20000 }),
        () => inviteePage.getByText(/^A little further: .+\. Move 1 of 3$/).waitFor({ timeout: 30000 }),
      );
      await submit(inviteePage);
      // Looking down, the face before Capture is asked to look straight; pressed anyway, the capture asks once
      // more before the first move, and takes the selfie and the start again.
      await fillNameAndDocuments(initiatorPage, initiator);
      await takeSelfie(
        initiatorPage,
        'en',
        () => initiatorPage.getByRole('status').filter({ hasText: 'Look straight at the camera, your face level.' }).waitFor({ timeout: 20000 }),
        () =>
          initiatorPage
            .locator('.capture-guide')
            .filter({ hasText: /^Look straight at the camera, your face level\.$/ })
            .waitFor({ timeout: 30000 }),
      );
      await submit(initiatorPage);

      expect(await finalOutcome(inviteePage)).toBe('success');
      expect(await resultRow(inviteePage, invitee.invitedName)).toContain('Verified');
      await screenshot(inviteePage, 'results-liveness-enforced-live-heads');
      // Both were measured and found live (head-turn-record.ts), enforced: not passed for want of a capture.
      expect(lastEnforcedRefusals(2)).toEqual(['live', 'live']);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'a photo of the person moved in front of the camera to fake the head turns: that person fails liveness_failed, told why and what to do',
    async () => {
      // A face that looks at the camera in its photo (package photo 6's second, as in head-turn-liveness.spec.ts):
      // so that what refuses it is the motion, not a start turned away (which refuses every face turned in its photo).
      const movedPhoto = path.join(path.dirname(anna.cameraFile), 'moved-photo.y4m');
      fs.writeFileSync(movedPhoto, await movedPhotoClip(await selfieOf((await peopleFromPackagePhotos())[16])));
      // Before Capture, the page's face model sees the picture move and asks for stillness.
      await inviteeFailsLiveness(personBrowser, jose, anna, movedPhoto, 'results-liveness-enforced-moved-photo', (page) =>
        page.getByRole('status').filter({ hasText: 'Hold still: keep your face and the camera steady.' }).waitFor({ timeout: 20000 }),
      );
      // What refused it, as svc-verification logged it (head-turn-record.ts): the picture's motion (it did not
      // make the asked moves, or made them flat, or lost the points that would say, or squeezed its face as only a
      // picture tilted far does), not its start; José's still face, the other record, starts turned away.
      const byMotion = ['move_not_made', 'flat', 'points_lost', 'squeezed'];
      expect(lastEnforcedRefusals(2).filter((refusal) => byMotion.includes(refusal))).toHaveLength(1);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'camera refused: an uploaded selfie is refused before anything is recorded, and the page asks for the camera or the phone',
    async () => {
      const josePage = await personBrowser(jose.cameraFile);
      const annaPage = await personBrowser(anna.cameraFile, { denyCamera: true });
      const id = await sessionUnderWay(josePage, jose, [[annaPage, anna]]);

      await fillNameAndDocuments(annaPage, anna);
      await uploadSelfieInstead(annaPage, anna);
      await submit(annaPage);

      await annaPage.getByText(/Your selfie must be taken with the camera, following the head turns/).waitFor();
      await screenshot(annaPage, 'verify-liveness-enforced-upload');
      // the selfie is asked for again; the rest stays, and the way to a phone is on the page
      expect(await annaPage.getByRole('img', { name: 'Your selfie' }).count()).toBe(0);
      expect(await annaPage.getByRole('button', { name: /Continue on another device/ }).isEnabled()).toBe(true);
      expect(annaPage.url()).toMatch(/\/verify\//);
      // nothing recorded: still to submit, no attempt spent
      const place = (await sessionOf(id)).participants.find((p) => p.name === anna.invitedName);
      expect(place?.status).not.toBe('submitted');
      expect(place?.result).toBeUndefined();
    },
    FLOW_TIMEOUT_MS,
  );
});
