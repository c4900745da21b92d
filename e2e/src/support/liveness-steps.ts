/** A liveness attack at the camera, as a browser flow: the steps and what the results page must then say. */
import type { SessionView } from '@idv/contracts';
import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { type browsersPerTest, sessionOf, sessionUnderWay } from './flows';
import type { Identity } from './identities';
import { fillNameAndDocuments, finalOutcome, resultRow, submit, takeSelfie, verifyFully } from './verify-steps';

/**
 * The invitee takes their selfie from `cameraFile` (what the attack puts before the camera), the
 * initiator verifies with their own camera; the invitee's check fails `liveness_failed`, retryable
 * (the results are not final), and the results page says why and what to do. `beforeCapture` runs
 * on the invitee's page while the open camera waits for Capture. Returns the session.
 */
export async function inviteeFailsLiveness(
  personBrowser: ReturnType<typeof browsersPerTest>,
  initiator: Identity,
  invitee: Identity,
  cameraFile: string,
  screenshotName: string,
  beforeCapture?: (page: Page) => Promise<void>,
): Promise<SessionView> {
  const initiatorPage = await personBrowser(initiator.cameraFile);
  const inviteePage = await personBrowser(cameraFile);
  const id = await sessionUnderWay(initiatorPage, initiator, [[inviteePage, invitee]]);

  await fillNameAndDocuments(inviteePage, invitee);
  await takeSelfie(inviteePage, 'en', beforeCapture && (() => beforeCapture(inviteePage)));
  await submit(inviteePage);
  await verifyFully(initiatorPage, initiator);

  expect(await finalOutcome(inviteePage)).toBe('not final');
  const row = await resultRow(inviteePage, invitee.invitedName);
  expect(row).toContain('The selfie could not be confirmed as a live person at the camera.');
  expect(row).toContain(
    'Take the selfie of your own face, live at the camera, not of a document or a photo: look straight at the camera as you press Capture, then follow each arrow all the way.',
  );
  await screenshot(inviteePage, screenshotName);
  const session = await sessionOf(id);
  expect(session.participants.find((p) => p.name === invitee.invitedName)?.result?.reasons.map((r) => r.code)).toContain('liveness_failed');
  return session;
}
