import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CAPTURE_TIMING, LIMITS, type LivenessCapture, type VerificationSubmission } from '@idv/contracts';
import { seriousViolations } from '../support/axe';
import { type Page, screenshot } from '../support/browser';
import { acceptInvitation, sessionOf, sessionUnderWay, flowSuite, FLOW_TIMEOUT_MS, pagesOf } from '../support/flows';
import { createSession as createSessionByApi } from '../support/api';
import { ANA, createSessionBody } from '@idv/test-kit';
import { inviteeFailsLiveness } from '../support/liveness-steps';
import { fillNameAndDocuments, finalOutcome, submit, verifyFully } from '../support/verify-steps';
import { type Identity, faceClip } from '../support/identities';
import { movesSaid, recordCaptureGuide } from '../support/capture-guide';
import { ROOT } from '../support/static-server';
import { WORDS } from '../support/words';

/** The submission a page sent: its body, as the gateway received it. */
function sentSubmission(page: Page): () => VerificationSubmission | undefined {
  let sent: VerificationSubmission | undefined;
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/verification\/[^/]+\/[^/]+$/.test(new URL(request.url()).pathname))
      sent = request.postDataJSON() as VerificationSubmission;
  });
  return () => sent;
}

/**
 * The selfie as a guided head-turn capture (docs/liveness.md), in real Chromium with a fake camera,
 * against the real gateway, services and checks.
 */
describe('liveness at the camera, end to end', () => {
  let jose: Identity, anna: Identity;
  const personBrowser = flowSuite((people) => ([jose, anna] = people));

  it(
    "Capture takes the selfie, then says the server's moves one at a time; the submission carries its challenge and frames of every move",
    async () => {
      const [josePage, annaPage] = await pagesOf(personBrowser, jose, anna);
      const sent = sentSubmission(josePage);
      const id = await sessionUnderWay(josePage, jose, [[annaPage, anna]]);

      await fillNameAndDocuments(josePage, jose);
      await josePage.getByRole('button', { name: 'Take selfie' }).click();
      await josePage.waitForFunction(() => ((document.querySelector('video') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0);
      const guide = josePage.locator('.capture-guide');
      expect(await guide.getAttribute('aria-live')).toBe('assertive');
      expect(await guide.textContent()).toMatch(/When you press Capture, look at the camera, then turn your head/);
      // The face model in the page sees José's face turned away in his photo, as the server would at the start.
      await josePage.getByRole('status').filter({ hasText: 'Look straight at the camera, your face level.' }).waitFor({ timeout: 20000 });
      const guideSaid = await recordCaptureGuide(josePage);
      await josePage.getByRole('button', { name: 'Capture' }).click();
      // Its start, turned away, is asked for once more before the first move (and taken again: still turned, here).
      await guideSaid.hasSaid(/^Look straight at the camera, your face level\.$/);
      await guideSaid.hasSaid(/\. Move 1 of 3$/);
      expect(await seriousViolations(josePage)).toEqual([]);
      await screenshot(josePage, 'selfie-guided-move');
      await josePage.getByRole('img', { name: 'Your selfie' }).waitFor({ timeout: 30000 });
      const said = await guideSaid.said();
      // Shown mirrored, as the live view was, so that the picture does not flip on capture.
      expect(await josePage.getByRole('img', { name: 'Your selfie' }).evaluate((img) => getComputedStyle(img).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
      await submit(josePage);
      await verifyFully(annaPage, anna);

      const body = sent();
      if (!body || typeof body.proofOfLife !== 'object' || body.proofOfLife === null) throw new Error('the submission carried no liveness capture');
      const capture = body.proofOfLife as LivenessCapture;
      expect(capture.challenge).toMatch(/^lc1\./);
      const moves = capture.frames.map((frame) => frame.step).filter((step) => step !== 'face_camera');
      const asked = [...new Set(moves)];
      expect(asked).toHaveLength(3);
      // eight frames of each move on its time, and four more when it was asked for once more (this still face, every move)
      expect(capture.frames.map((frame) => frame.step)).toEqual(['face_camera', 'face_camera', ...asked.flatMap((move) => Array<string>(12).fill(move))]);
      // of those, the frames for the flow alone marked so: the move is judged on the others
      const marks = [...CAPTURE_TIMING.moveFrames, ...CAPTURE_TIMING.furtherFrames].map((frame) => frame.flow === true);
      expect(capture.frames.map((frame) => frame.flow === true)).toEqual([false, false, ...asked.flatMap(() => marks)]);
      // What was said: the start once more, shown as something to fix, then each move asked for, in its
      // order, where the person is in the challenge, with an arrow; José's face stays still, so the page's
      // face model sees no move made and asks for each once more.
      expect(said).toContainEqual({ words: 'Look straight at the camera, your face level.', arrow: '', fix: true });
      const words: Record<string, string> = {
        turn_left: 'Turn your head to your left',
        turn_right: 'Turn your head to your right',
        look_up: 'Look up',
        look_down: 'Look down',
      };
      const movesShown = movesSaid(said, 3);
      expect(movesShown.map((move) => move.words)).toEqual(asked.map((move) => words[move]));
      for (const move of movesShown) expect(move).toEqual({ words: move.words, arrow: expect.stringMatching(/^.$/u), askedAgain: true });
      for (const frame of capture.frames) expect(frame.image).toMatch(/^data:image\/jpeg;base64,/);
      expect(body.selfie).toMatch(/^data:image\/jpeg;base64,/);

      // Liveness is advisory by default (docs/liveness.md): a still face decides nothing yet.
      expect(await finalOutcome(josePage)).toBe('success');
      expect((await sessionOf(id)).participants.every((p) => p.status === 'verified')).toBe(true);

      // Measured after the check all the same: its record reaches the log, and the operator's report
      // (npm run report:liveness) counts it among the captures whose other checks passed.
      const logDir = process.env.E2E_LOG_DIR;
      if (!logDir) throw new Error('E2E_LOG_DIR is needed to read the service logs: run through `npm test`.');
      const log = path.join(logDir, 'svc-verification.log');
      for (let waited = 0; !fs.readFileSync(log, 'utf8').includes('"headTurns"') && waited < 30000; waited += 250)
        await new Promise((resolve) => setTimeout(resolve, 250));
      const report = execFileSync('node', [path.join(ROOT, 'tools/liveness/liveness-report.mjs'), log], { encoding: 'utf8' });
      expect(report).toMatch(/head-turn captures measured: [1-9]/);
      expect(report).toMatch(/whose other checks passed \(most likely live people\): [1-9]/);
      // every check that found both faces logs its portrait-copy score too
      expect(report).toMatch(/portrait-copy scores logged: [1-9]/);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'a person who cannot turn their head moves the camera instead: each move is said as a camera move, its arrow points the other way, and the capture is the same (in Spanish)',
    async () => {
      const page = await personBrowser(anna.cameraFile, { language: 'es' });
      const { session } = await createSessionByApi(createSessionBody([ANA, { name: anna.invitedName, email: anna.email }]));
      await acceptInvitation(page, session._id, anna, 'es');
      const sent = sentSubmission(page);
      await fillNameAndDocuments(page, anna, 'es');

      await page.getByRole('button', { name: 'Hacer selfi' }).click();
      await page.waitForFunction(() => ((document.querySelector('video') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0);
      const guide = page.locator('.capture-guide');
      await page.getByLabel(WORDS.es.cannotTurn).check();
      expect(await guide.textContent()).toMatch(/mantén la cabeza quieta y mueve la cámara a su alrededor/);
      const guideSaid = await recordCaptureGuide(page);
      await page.getByRole('button', { name: 'Capturar' }).click();
      await page.getByRole('img', { name: 'Tu selfi' }).waitFor({ timeout: 30000 });
      const said = await guideSaid.said();
      await submit(page, 'es');

      // The challenge's moves, asked for as the camera's: the way round a still head that gives the same view.
      const body = sent();
      if (!body || typeof body.proofOfLife !== 'object' || body.proofOfLife === null) throw new Error('the submission carried no liveness capture');
      const capture = body.proofOfLife as LivenessCapture;
      const asked = [...new Set(capture.frames.map((frame) => frame.step).filter((step) => step !== 'face_camera'))];
      const words: Record<string, [string, string]> = {
        turn_left: ['Mantén la cabeza quieta y mueve la cámara hacia tu derecha', '→'],
        turn_right: ['Mantén la cabeza quieta y mueve la cámara hacia tu izquierda', '←'],
        look_up: ['Mantén la cabeza quieta y mueve la cámara hacia abajo', '↓'],
        look_down: ['Mantén la cabeza quieta y mueve la cámara hacia arriba', '↑'],
      };
      // the camera is not moved here: each move is asked for once more
      const movesShown = movesSaid(said, 3, 'es');
      expect(movesShown).toEqual(asked.map((move) => ({ words: words[move][0], arrow: words[move][1], askedAgain: true })));
      // as in English: the still face is asked once more for every move, eight frames a move and four more
      expect(capture.frames).toHaveLength(LIMITS.livenessFramesMax);
      expect(capture.challenge).toMatch(/^lc1\./);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'the ID card held up to the camera: that person fails liveness_failed, and the results say why and what to do',
    async () => {
      const cardCamera = path.join(path.dirname(anna.cameraFile), 'anna-card-camera.y4m');
      fs.writeFileSync(cardCamera, await faceClip(fs.readFileSync(anna.frontFile)));
      const session = await inviteeFailsLiveness(personBrowser, jose, anna, cardCamera, 'results-liveness-failed');
      expect(session.participants.find((p) => p.name === jose.invitedName)?.status).toBe('verified');
    },
    FLOW_TIMEOUT_MS,
  );
});
