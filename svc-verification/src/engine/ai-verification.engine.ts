import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { VerificationReasonCode } from '@idv/contracts';
import sharp from 'sharp';
import { VERIFICATION_ENV, type VerificationEnv } from '../config/env';
import { decide } from './decide';
import { type MrzReading, findMrzLines, readMrzWithRepair } from './document/mrz';
import { Ocr } from './document/ocr';
import { FaceModel, type RgbImage, faceDistance } from './faces/face-model';
import { type CheckedImage, decodeForChecks } from './images/image-input';
import { invitedNameMatches, realNameMatches } from './names/name-match';
import { nameWordsVariants } from './names/transliterate';
import { VerificationEngine, type VerificationInput, type VerificationOutcome } from './verification-engine';

/**
 * Grey PNGs for OCR, EXIF rotation applied, long edge at most 2000 px: the lower half first
 * (where machine readable zones are printed, with less text around them), then the whole image.
 */
async function forOcr(image: CheckedImage): Promise<Buffer[]> {
  const whole = await sharp(image.bytes).rotate().resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true }).grayscale().png().toBuffer();
  const { width = 0, height = 0 } = await sharp(whole).metadata();
  const lowerHalf = await sharp(whole).extract({ left: 0, top: Math.floor(height / 2), width, height: height - Math.floor(height / 2) }).png().toBuffer();
  return [lowerHalf, whole];
}

/**
 * The AI checks of decisions.md, in memory only:
 * - document: a face on the front; an MRZ (TD1/TD2/TD3) on the back or the front, every check digit
 *   holding; not expired;
 * - names: the typed real name against the MRZ name (and the printed name when the MRZ may have cut
 *   it short); the invited name plausibly the same person;
 * - face: the selfie against the document portrait, under a calibrated distance.
 * The passive anti-spoof score is computed but only advisory. Nothing read is kept or logged.
 */
@Injectable()
export class AiVerificationEngine extends VerificationEngine implements OnModuleInit {
  private readonly logger = new Logger(AiVerificationEngine.name);
  private loaded = false;

  constructor(
    private readonly faces: FaceModel,
    private readonly ocr: Ocr,
    @Inject(VERIFICATION_ENV) private readonly env: VerificationEnv,
  ) {
    super();
  }

  /** Models load once at start-up; health says ready only after. */
  async onModuleInit(): Promise<void> {
    const started = Date.now();
    await Promise.all([this.faces.load(), this.ocr.load()]);
    this.loaded = true;
    this.logger.log(`verification models ready in ${Date.now() - started} ms`);
  }

  override get ready(): boolean {
    return this.loaded;
  }

  async verify({ realName, invitedName, images }: VerificationInput): Promise<VerificationOutcome> {
    const started = Date.now();
    const { front, back, selfie } = images;
    const failed: VerificationReasonCode[] = [];

    const [frontFaces, selfieFaces] = [await this.facesIn(front), await this.facesIn(selfie)];
    if (frontFaces.length === 0) failed.push('no_face_on_document');
    if (selfieFaces.length === 0) failed.push('no_face_in_selfie');

    const mrz = await this.readDocument(back, front);
    if (!mrz) failed.push('document_unreadable');
    else {
      if (!mrz.checkDigitsValid) failed.push('mrz_invalid');
      if (!mrz.expiresOn || mrz.expiresOn.getTime() < startOfToday()) failed.push('document_expired');
      const name = { surname: mrz.surname, givenNames: mrz.givenNames, mayBeTruncated: mrz.mayBeTruncated };
      if (!realNameMatches(realName, name)) failed.push('name_mismatch');
      else if (mrz.mayBeTruncated && !(await this.printedNameHolds(front, realName))) failed.push('name_mismatch');
      else if (!invitedNameMatches(invitedName, name)) failed.push('invited_name_mismatch');
    }

    if (frontFaces.length > 0 && selfieFaces.length > 0) {
      const distance = faceDistance(frontFaces[0].embedding, selfieFaces[0].embedding);
      if (distance > this.env.FACE_MATCH_MAX_DISTANCE) failed.push('face_mismatch');
    }
    const outcome = decide(failed);
    // Recorded, not decided on: the passive anti-spoof score is advisory. Numbers only, no personal data.
    const antispoof = selfieFaces[0]?.real;
    this.logger.log(
      `check done in ${Date.now() - started} ms: ${outcome.decision}${antispoof === undefined ? '' : `, anti-spoof advisory score ${antispoof.toFixed(2)}`}`,
    );
    return outcome;
  }

  /**
   * When the MRZ may have cut the name short, the printed name settles it: every word of the typed
   * name must be printed on the front (read by the LSTM engine). Names that fit the zone are decided
   * on the MRZ alone, whose check digits make it the more reliable reading.
   */
  private async printedNameHolds(front: CheckedImage, realName: string): Promise<boolean> {
    const [, whole] = await forOcr(front);
    const printed = new Set(nameWordsVariants(await this.ocr.readText(whole)).flat());
    return nameWordsVariants(realName).some((words) => words.every((word) => printed.has(word)));
  }

  private async facesIn(image: CheckedImage) {
    const decoded: RgbImage = await decodeForChecks(image);
    return this.faces.detect(decoded);
  }

  /** The MRZ of a TD1 card is on its back, a passport's on its data page (the front). */
  private async readDocument(back: CheckedImage, front: CheckedImage): Promise<MrzReading | undefined> {
    let fallback: MrzReading | undefined;
    for (const side of [back, front]) {
      for (const region of await forOcr(side)) {
        const lines = findMrzLines(await this.ocr.readMrzText(region));
        const reading = lines && readMrzWithRepair(lines);
        if (reading?.checkDigitsValid) return reading;
        fallback ??= reading;
      }
    }
    // A zone was found but its check digits do not hold: that is the answer (mrz_invalid).
    return fallback;
  }
}

function startOfToday(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}
