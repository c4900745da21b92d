import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createSession as createSessionByApi } from '../support/api';
import { acceptInvitation, browsersPerTest } from '../support/flows';
import { type Identity, identities } from '../support/identities';
import { ANA, createSessionBody } from '@idv/test-kit';

/**
 * Capture guidance in real Chromium: a document photo that looks too dark or blurred is said to be
 * so beside it, and can still be used; a good one gets no advice.
 */
describe('document photo guidance', () => {
  let anna: Identity;
  let folder: string;
  const personBrowser = browsersPerTest();

  beforeAll(async () => {
    anna = (await identities()).identities[1];
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-guidance-'));
  }, 120000);

  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('says what a poor photo needs, keeps it usable, and says nothing of a good one', async () => {
    const dark = path.join(folder, 'dark-front.jpg');
    const blurred = path.join(folder, 'blurred-back.jpg');
    await sharp(anna.frontFile).modulate({ brightness: 0.35 }).jpeg().toFile(dark);
    await sharp(anna.backFile).blur(4).jpeg().toFile(blurred);
    const { session } = await createSessionByApi(createSessionBody([ANA, { name: anna.invitedName, email: anna.email }]));
    const page = await personBrowser(anna.cameraFile);
    await acceptInvitation(page, session._id, anna);

    const front = page.locator('.upload-field').filter({ hasText: 'ID document: front' });
    const back = page.locator('.upload-field').filter({ hasText: 'ID document: back' });
    await page.getByLabel('ID document: front').setInputFiles(dark);
    await front.getByText('It looks too dark: take it again in better light.').waitFor();
    await page.getByLabel('ID document: back').setInputFiles(blurred);
    await back.getByText('It looks blurred: hold the phone still and let it focus before you take it.').waitFor();
    // Kept all the same: the person may know better.
    await front.getByText('dark-front.jpg: uploaded and ready').waitFor();

    // Good photos: no advice.
    await page.getByLabel('ID document: front').setInputFiles(anna.frontFile);
    await front.getByText(`${path.basename(anna.frontFile)}: uploaded and ready`).waitFor();
    await page.getByLabel('ID document: back').setInputFiles(anna.backFile);
    await back.getByText(`${path.basename(anna.backFile)}: uploaded and ready`).waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByText('This photo may be hard to read:').count()).toBe(0);
  });
});
