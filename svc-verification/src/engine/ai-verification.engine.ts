import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import sharp from 'sharp';
import { VERIFICATION_ENV, type VerificationEnv } from '../config/env';
import { type CheckFindings, decide } from './decide';
import { combineReadings, findMrzLines, readMrzWithRepair, showsMoreThanOneZone, zoneShownIn } from './document/mrz';
import { frontShowsTheDocument, printedDocumentNumber } from './document/front-document';
import { flattenLighting } from './document/lighting';
import { Ocr, OcrCutShort, type OcrPage } from './document/ocr';
import { OcrBudget } from './document/ocr-budget';
import { ocrPng } from './document/ocr-png';
import { SKEW_WORTH_CORRECTING_DEGREES, deskew } from './document/skew';
import { MAX_DOCUMENT_CHARACTERS, characterCount } from './document/text-amount';
import { blockGridOf } from './faces/block-grid';
import { resamplingTraceOf } from './faces/resampling-trace';
import { stepProfilesOf } from './faces/step-profiles';
import { describeCohort, normalizedFaceDistance, storedCohort } from './faces/face-cohort';
import { FaceModel, type RgbImage } from './faces/face-model';
import { type CheckedImage, decodeForChecks } from './images/image-input';
import { headTurnRecord } from './liveness/head-turn-record';
import { type HeadTurnDecision } from './liveness/head-turns';
import { HeadTurnLiveness } from './liveness/head-turn-liveness';
import { portraitCopyRecord, portraitCopyScore } from './liveness/portrait-copy';
import { selfieShowsTheDocument } from './liveness/selfie-shows-document';
import { selfieText } from './liveness/selfie-text';
import { compareRealName, invitedNameMatches, printedNameConfirms } from './names/name-match';
import { VerificationEngine, type VerificationInput, type VerificationOutcome } from './verification-engine';

/**
 * Grey PNGs for OCR, EXIF rotation applied, long edge at most 2000 px: the lower half first
 * (where machine readable zones are printed, with less text around them), then the whole image.
 * None for an image that holds more printed characters than any identity document
 * (`MAX_DOCUMENT_CHARACTERS`): reading it would cost many times a card's read, and find no document.
 */
async function forOcr(image: CheckedImage): Promise<Buffer[]> {
  const source = sharp(image.bytes);
  // The photo's own resolution goes with it to tesseract, as when the PNG was made from the photo
  // (without one, tesseract warns on stderr and assumes 70 dpi).
  const { density = 72 } = await source.metadata();
  const { data, info } = await source
    .rotate()
    .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if ((await characterCount({ data, width: info.width, height: info.height })) > MAX_DOCUMENT_CHARACTERS) return [];
  // One channel: a grey PNG, not three equal ones (three times the pixels to encode and decode).
  const grey = sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .toColourspace('b-w')
    .withDensity(density);
  return Promise.all([ocrPng(grey.clone().extract(lowerHalfOf(info))), ocrPng(grey)]);
}

/** The lower half of a grey PNG turned a quarter (90 or 270 degrees), where a turned card's zone is. */
async function lowerHalfTurned(whole: Buffer, quarterTurn: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(whole).metadata();
  // cut after the turn, from the turned image's size
  return ocrPng(
    sharp(whole)
      .rotate(quarterTurn)
      .extract(lowerHalfOf({ width: height, height: width })),
  );
}

/** Where machine readable zones are printed, with less text around them than in the whole. */
function lowerHalfOf({ width, height }: { width: number; height: number }) {
  return { left: 0, top: Math.floor(height / 2), width, height: height - Math.floor(height / 2) };
}

/**
 * The AI checks of decisions.md, in memory only:
 * - document: a face on the front; an MRZ (TD1/TD2/TD3) on the back or the front, every check digit
 *   holding (repairs that cannot be tampering only); not expired; a front that shows the same
 *   document as a zone on the back (its number or surname printed on it);
 * - names: the typed real name against the MRZ name in both directions (and the printed name when
 *   the MRZ may have cut it short or one letter differs); the invited name plausibly the same person;
 * - face: the selfie against the document portrait, under a calibrated distance measured against
 *   a cohort of strangers' faces;
 * - liveness (docs/liveness.md): the selfie is not the document held to the camera (its printed
 *   text does not show the document's number, surname or a zone); with a capture (`proofOfLife`),
 *   whether a live head followed the challenge's moves (liveness/head-turn-liveness.ts) and is the
 *   person of the selfie: decided on only with LIVENESS_HEAD_TURNS=enforced, else advisory; the
 *   selfie is no copy of the document's portrait (liveness/portrait-copy.ts), unless a capture
 *   shows its person live (LIVENESS_PORTRAIT_COPY, enforced by default).
 * The passive anti-spoof score is computed but only advisory. Nothing read is kept or logged.
 */
@Injectable()
export class AiVerificationEngine extends VerificationEngine implements OnModuleInit {
  private readonly logger = new Logger(AiVerificationEngine.name);
  /** Advisory head-turn measures under way after their checks (measureAfterwards). */
  private advisoryMeasures = 0;
  private loaded = false;
  /** Strangers' face descriptors every comparison is measured against (faces/face-cohort.ts). */
  private cohort: number[][] = [];

  constructor(
    private readonly faces: FaceModel,
    private readonly ocr: Ocr,
    @Inject(VERIFICATION_ENV) private readonly env: VerificationEnv,
    private readonly headTurns: HeadTurnLiveness,
  ) {
    super();
  }

  /** Models load once at start-up; health says ready only after. */
  async onModuleInit(): Promise<void> {
    const started = Date.now();
    // The build stores the cohort's descriptors (face-cohort.ts); without them (run from source,
    // or from other model files) they are described here, which takes about 12 s on 2 cores.
    const cohort = this.faces.load().then(() => storedCohort() ?? describeCohort(this.faces));
    [this.cohort] = await Promise.all([cohort, this.ocr.load()]);
    this.loaded = true;
    this.logger.log(`verification models ready in ${Date.now() - started} ms`);
  }

  /** Two face descriptors' distance as the checks compare them (normalised against the cohort). */
  compareFaces(portrait: number[], selfie: number[]): number {
    return normalizedFaceDistance(portrait, selfie, this.cohort);
  }

  override get ready(): boolean {
    return this.loaded;
  }

  async verify(
    { realName, invitedName, images, liveness }: VerificationInput,
    stop?: AbortSignal,
    diagnostics?: EngineDiagnostics,
  ): Promise<VerificationOutcome> {
    const started = Date.now();
    const { front, back, selfie } = images;
    const ocr = new OcrBudget(this.env.OCR_READ_MAX_MS, this.env.OCR_CHECK_MAX_MS);
    const timed = <T>(stage: keyof EngineDiagnostics['stageMs'], work: Promise<T>) => {
      const stageStart = Date.now();
      // Added up: the front's printed text may be read twice.
      return work.finally(() => diagnostics && (diagnostics.stageMs[stage] = (diagnostics.stageMs[stage] ?? 0) + Date.now() - stageStart));
    };

    // tesseract's two engines are worker threads of their own: the zone and the front's printed
    // text are read while the faces are described on this thread.
    const frontRegions = forOcr(front);
    const frontTextRead = timed(
      'printedTextOcr',
      frontRegions.then(([, whole]) => {
        stop?.throwIfAborted();
        return whole ? unlessCutShort(ocr.read((limit) => this.ocr.readText(whole, limit, reading))) : NOTHING_READ;
      }),
    );
    const portraitFaces = this.facesIn(front, stop);
    const facesFound = timed('faces', (async () => [await portraitFaces, await this.facesIn(selfie, stop, { selfieMeasures: true })])());
    // Without a face on the front the check fails whatever the images' text says: every read still
    // running then is ended and no other is started, so that a picture of anything else (noise, a
    // page of print) costs about what a genuine card does. A stopped check ends its reads too.
    // (A failure to describe the front is the check's, through facesFound.)
    const noPortrait = new AbortController();
    void portraitFaces.then(
      (found) => found.length > 0 || noPortrait.abort(),
      () => undefined,
    );
    const reading = stop ? AbortSignal.any([stop, noPortrait.signal]) : noPortrait.signal;
    // The selfie's printed text (liveness/selfie-text.ts), read by the text engine once the front's
    // is read (it reads one image at a time); only a selfie with a face is read.
    const selfieTextRead = Promise.all([frontTextRead, facesFound]).then(([, [, selfieFaces]]) => {
      stop?.throwIfAborted();
      return selfieFaces.length === 0 ? '' : timed('selfieOcr', selfieText(this.ocr, selfie, this.env.OCR_READ_MAX_MS, reading));
    });
    // A passport's data page sent as both sides is read once, as the front (its zone is printed there).
    const sameImage = back.bytes.equals(front.bytes);
    const zoneRead = timed('mrzOcr', this.findZone(sameImage ? undefined : forOcr(back), frontRegions, frontTextRead, ocr, reading, stop));
    // How closely the selfie copies the portrait (liveness/portrait-copy.ts), once both faces are
    // described: about 30 ms on this thread (two alignments, 15 ms each).
    const portraitCopyMeasured = facesFound.then(([frontFaces, selfieFaces]) => {
      const [portrait, selfie] = [frontFaces[0]?.patches, selfieFaces[0]?.patches];
      return portrait && selfie ? portraitCopyScore(portrait, selfie) : undefined;
    });
    // Enforced (the default), a selfie that copies the portrait stands only if its capture shows its
    // person live: the capture then decides, as it does for every check with the head turns enforced.
    const headTurnsEnforced = this.env.LIVENESS_HEAD_TURNS === 'enforced';
    const copyDecides = (score: number | undefined) =>
      this.env.LIVENESS_PORTRAIT_COPY === 'enforced' && score !== undefined && score >= this.env.LIVENESS_PORTRAIT_COPY_MIN_SCORE;
    // The capture's frames go to the face thread once the portrait and the selfie are described,
    // while the text engines still read. Measured within the check when it decides, or when an
    // evaluation asks for its figures; else after the outcome (measureAfterwards): a measure that
    // decides nothing must not keep the person waiting for their result.
    // A measure that decides nothing and fails (its thread ended) is logged: the rest of the check
    // stands. One that decides fails the check as any failing step does (check_failed, retryable).
    let measuredWithin = false;
    const livenessDecided =
      liveness &&
      timed(
        'liveness',
        Promise.all([facesFound, portraitCopyMeasured]).then(([[, selfieFaces], copy]) => {
          const decides = headTurnsEnforced || copyDecides(copy);
          if (!decides && diagnostics === undefined) return undefined;
          measuredWithin = true;
          // Within the check, the measure stops where the decision is known; an evaluation wants every figure.
          return this.followedByTheSelfiesPerson(liveness, selfieFaces[0]?.embedding, { stop, thorough: diagnostics !== undefined }).catch((error: unknown) => {
            if (decides || stop?.aborted) throw error;
            this.logger.warn(`the head-turn measure failed, the check goes on without it: ${(error as Error).message}`);
            return undefined;
          });
        }),
      );
    // One await over all of them: a failure of any (an image that cannot be decoded) is the check's
    // failure, and the others' later failures are handled rather than crashing the process.
    const [[frontFaces, selfieFaces], frontPage, zone, selfiePrints, portraitCopy, headTurns] = await Promise.all([
      facesFound,
      frontTextRead,
      zoneRead,
      selfieTextRead,
      portraitCopyMeasured,
      livenessDecided,
    ]);
    if (diagnostics && headTurns) diagnostics.headTurns = headTurns;

    let frontText = frontPage.text;
    let document = zone && this.readDocument(zone, realName, frontText);
    // The front's text is read again only for a front with a face (without one the check has
    // failed) that was read at all.
    const worthRereadingFront = frontFaces.length > 0 && (await frontRegions).length > 0;
    // A card photographed upright: its front too, when it is upright, is read turned as its zone was.
    if (worthRereadingFront && document && !document.frontSettles && zone?.quarterTurn) {
      stop?.throwIfAborted();
      const [, whole] = await frontRegions;
      if (await isUpright(whole)) {
        const turned = await ocrPng(sharp(whole).rotate(zone.quarterTurn));
        frontText += `\n${(await timed('printedTextOcr', unlessCutShort(ocr.read((limit) => this.ocr.readText(turned, limit, reading))))).text}`;
        document = this.readDocument(zone, realName, frontText);
      }
    }
    // A front photographed off level misreads its printed text: read once more, turned back, when
    // what the checks need of it (the zone's number or surname, the printed name) was not found.
    if (worthRereadingFront && document && !document.frontSettles && Math.abs(frontPage.skewDegrees) >= SKEW_WORTH_CORRECTING_DEGREES) {
      stop?.throwIfAborted();
      const [, whole] = await frontRegions;
      const turned = await deskew(whole, frontPage.skewDegrees);
      frontText += `\n${(await timed('printedTextOcr', unlessCutShort(ocr.read((limit) => this.ocr.readText(turned, limit, reading))))).text}`;
      document = this.readDocument(zone!, realName, frontText);
    }
    const mrz = document?.mrz;
    let facesDiffer = false;
    if (frontFaces.length > 0 && selfieFaces.length > 0) {
      const distance = this.compareFaces(frontFaces[0].embedding, selfieFaces[0].embedding);
      if (diagnostics)
        Object.assign(diagnostics, { faceDistance: distance, faceDescriptors: { portrait: frontFaces[0].embedding, selfie: selfieFaces[0].embedding } });
      facesDiffer = distance > this.env.FACE_MATCH_MAX_NORMALIZED_DISTANCE;
    }
    // What was found, decided by the rules of decide.ts.
    const findings: CheckFindings = {
      portraitFound: frontFaces.length > 0,
      selfieFaceFound: selfieFaces.length > 0,
      document:
        document && mrz
          ? {
              checkDigitsValid: mrz.checkDigitsValid,
              expired: !mrz.expiresOn || mrz.expiresOn.getTime() < startOfToday(),
              frontShowsIt: document.frontShowsIt,
              nameHolds: document.nameHolds,
              invitedNameMatches: invitedNameMatches(invitedName, mrz, frontText),
              selfieShowsIt: selfieShowsTheDocument(selfiePrints, mrz),
            }
          : undefined,
      facesDiffer,
      // Decided on only when the operator enforces it (LIVENESS_HEAD_TURNS): until its error rates
      // meet the targets (docs/liveness.md) it is measured and logged, as the anti-spoof score is.
      // Enforced, a check with no capture measured is refused too (the submission refuses one
      // without a capture first; this holds should the moves not reach it).
      headTurnsRefused: headTurnsEnforced && !(headTurns && headTurns.live),
      // The portrait cut out of a photo of the card, or pasted over another face (docs/liveness.md,
      // "The selfie as a copy of the portrait"); a live head at the camera outweighs the score.
      selfieCopiesPortrait: copyDecides(portraitCopy) && !(headTurns && headTurns.live),
      // A copy pixelated with its blocks left hard (docs/liveness.md, "Pixelated copies of the
      // portrait"), which the copy score finds too little of the print in: no camera makes one.
      selfiePixelated: this.env.LIVENESS_PIXELATED_SELFIE === 'enforced' && (selfieFaces[0]?.blockGrid ?? 0) >= this.env.LIVENESS_PIXELATED_SELFIE_MIN_GRID,
      // A copy made small and enlarged again, however smoothly (docs/liveness.md, "Pixelated copies
      // of the portrait"): the places of its pixels between the small picture's repeat; no camera's do.
      selfieEnlarged: this.env.LIVENESS_ENLARGED_SELFIE === 'enforced' && (selfieFaces[0]?.resamplingTrace ?? 0) >= this.env.LIVENESS_ENLARGED_SELFIE_MIN_TRACE,
      // Text that was not read because the machine gave its reads no CPU (ocr.ts, OcrReadStarved)
      // says nothing of the images: the person is told the service was busy, and to submit again.
      textUnread: !ocr.cutShort ? false : ocr.starved ? 'starved' : 'cut-short',
    };
    const outcome = decide(findings);
    // Recorded, not decided on: the passive anti-spoof score is advisory. Numbers only, no personal data.
    const antispoof = selfieFaces[0]?.real;
    if (diagnostics && antispoof !== undefined) diagnostics.selfieAntispoof = antispoof;
    if (diagnostics && portraitCopy !== undefined) diagnostics.portraitCopy = portraitCopy;
    const selfieFineDetail = selfieFaces[0]?.fineDetail;
    if (diagnostics && selfieFineDetail !== undefined) diagnostics.selfieFineDetail = selfieFineDetail;
    const selfieBlockGrid = selfieFaces[0]?.blockGrid;
    if (diagnostics && selfieBlockGrid !== undefined) diagnostics.selfieBlockGrid = selfieBlockGrid;
    const selfieResamplingTrace = selfieFaces[0]?.resamplingTrace;
    if (diagnostics && selfieResamplingTrace !== undefined) diagnostics.selfieResamplingTrace = selfieResamplingTrace;
    this.logger.log(
      `check done in ${Date.now() - started} ms: ${outcome.decision}${antispoof === undefined ? '' : `, anti-spoof advisory score ${antispoof.toFixed(2)}`}` +
        `${headTurns ? `, head turns ${headTurnsWord(headTurns)} (${this.env.LIVENESS_HEAD_TURNS})` : ''}` +
        `${findings.selfieCopiesPortrait ? ', the selfie copies the portrait' : ''}${findings.selfiePixelated ? ', the selfie is pixelated' : ''}${findings.selfieEnlarged ? ', the selfie is enlarged' : ''}${ocr.cutShort ? ', OCR cut short at its limit' : ''}`,
    );
    // What the other checks said of the person, the head turns left out (the selfie that shows the
    // document fails liveness_failed too): a capture from someone they accepted is most likely live.
    const otherChecksPassed = decide({ ...findings, headTurnsRefused: false }).decision === 'verified';
    // A record an operator can read the scores of the people the other checks accepted from
    // (report:liveness): whose scores a threshold must stay below.
    if (portraitCopy !== undefined) {
      // (the pixelated- and enlarged-selfie rules left out too: its record is read for how high live
      // people's block grids and resampling traces go)
      const passedWithoutIt = decide({ ...findings, selfieCopiesPortrait: false, selfiePixelated: false, selfieEnlarged: false }).decision === 'verified';
      this.logger.log(
        {
          portraitCopy: portraitCopyRecord(portraitCopy, passedWithoutIt, {
            fineDetail: selfieFineDetail,
            blockGrid: selfieBlockGrid,
            resamplingTrace: selfieResamplingTrace,
          }),
        },
        'portrait copy measured',
      );
    }
    if (headTurns)
      this.logger.log({ headTurns: headTurnRecord(headTurns, headTurnsEnforced ? 'enforced' : 'advisory', otherChecksPassed) }, 'head turns measured');
    if (liveness && !measuredWithin) this.measureAfterwards(liveness, selfieFaces[0]?.embedding, otherChecksPassed);
    return outcome;
  }

  /**
   * The advisory head-turn measure, after the check's outcome is given: logged as a word and a
   * record of numbers (head-turn-record.ts), for an operator weighing whether to enforce it
   * (`npm run report:liveness`, docs/liveness.md). One at a
   * time: a capture that arrives while one is measured is not measured (the machine's cores are the
   * checks'), and says so. Its frames stay in memory until it ends, as during a check.
   */
  private measureAfterwards(liveness: NonNullable<VerificationInput['liveness']>, selfie: number[] | undefined, otherChecksPassed: boolean): void {
    if (this.advisoryMeasures >= ADVISORY_MEASURES_AT_ONCE) {
      this.logger.log('head turns not measured (advisory; another capture is being measured)');
      return;
    }
    this.advisoryMeasures++;
    const started = Date.now();
    // Every frame and move measured: the record's figures are what an operator weighs (report:liveness).
    this.followedByTheSelfiesPerson(liveness, selfie, { thorough: true })
      .then(
        (decision) =>
          this.logger.log(
            { headTurns: headTurnRecord(decision, 'advisory', otherChecksPassed, Date.now() - started) },
            `head turns ${headTurnsWord(decision)} (advisory), measured in ${Date.now() - started} ms after the check`,
          ),
        (error: unknown) => this.logger.warn(`the advisory head-turn measure failed: ${(error as Error).message}`),
      )
      .finally(() => this.advisoryMeasures--);
  }

  /**
   * What the zone and the front's printed text say together: the zone (its document number
   * repaired only where the front prints it), whether the front shows the same document (a zone on
   * the back proves nothing about the front), and whether the typed name holds: the zone's name
   * characters have no check digit and the zone cuts long names, so the printed name settles both.
   */
  private readDocument(zone: FoundZone, realName: string, frontText: string) {
    const { lines } = zone;
    const mrz = readMrzWithRepair(lines, (number) => printedDocumentNumber(frontText, number));
    if (!mrz) return { mrz, frontShowsIt: false, nameHolds: false, frontSettles: true };
    // a zone found on the back that the front's printed text shows too is the front's own
    const frontShowsIt = zone.side === 'front' || frontShowsTheDocument(frontText, mrz) || zoneShownIn(lines, frontText);
    const typed = compareRealName(realName, mrz);
    const nameHolds = (typed === 'match' && !mrz.mayBeTruncated) || (typed !== 'mismatch' && printedNameConfirms(realName, frontText, mrz));
    // A name the zone contradicts stays wrong whatever the front says.
    return { mrz, frontShowsIt, nameHolds, frontSettles: frontShowsIt && (nameHolds || typed === 'mismatch') };
  }

  /**
   * The capture's decision (head-turn-liveness.ts), and whoever made the moves is the person of the
   * selfie: the face of the capture's start frame within the face threshold of the selfie's, or a
   * live stranger could make the moves for a photo sent as the selfie.
   */
  private async followedByTheSelfiesPerson(
    liveness: NonNullable<VerificationInput['liveness']>,
    selfie: number[] | undefined,
    { stop, thorough }: { stop?: AbortSignal; thorough: boolean },
  ): Promise<HeadTurnDecision & { samePerson?: boolean }> {
    const { decision, start } = await this.headTurns.decide(liveness, stop, { thorough });
    if (!decision.live || !start || !selfie) return decision;
    stop?.throwIfAborted();
    const [mover] = await this.faces.describe(start);
    const samePerson = mover !== undefined && this.compareFaces(mover.embedding, selfie) <= this.env.FACE_MATCH_MAX_NORMALIZED_DISTANCE;
    return samePerson ? { ...decision, samePerson } : { ...decision, live: false, samePerson };
  }

  /**
   * The faces of an image, described; with `selfieMeasures`, the first with its block grid and its
   * resampling trace too (faces/block-grid.ts, faces/resampling-trace.ts: about 15 ms together on
   * this thread, so measured for the selfie alone, where the pixelated- and enlarged-selfie rules look).
   */
  private async facesIn(image: CheckedImage, stop?: AbortSignal, { selfieMeasures = false } = {}) {
    stop?.throwIfAborted();
    const decoded: RgbImage = await decodeForChecks(image);
    const [first, ...others] = await this.faces.describe(decoded);
    if (!first) return [];
    if (!selfieMeasures) return [first, ...others];
    const profiles = stepProfilesOf(decoded, first.box);
    return [{ ...first, blockGrid: blockGridOf(profiles), resamplingTrace: resamplingTraceOf(profiles) }, ...others];
  }

  /**
   * The zone: a TD1 card's is on its back, a passport's on its data page (the front). The first
   * region whose zone holds every check digit once the layout's certain OCR errors are put back;
   * else the first zone found, for the document-number repair and the mrz_invalid answer. A region
   * whose zone does not hold is read again, once per check each: turned back by its lines' angle
   * when photographed off level, then with its lighting flattened (`flattenLighting`), where a
   * shadow or glare hid the zone from tesseract's one threshold for the whole image (and where a
   * dense security pattern, which it also flattens, made the read slow and wrong), then at twice
   * the size, where a soft zone's characters misread at their printed size (a 3 read as S) may come
   * out right. Another reading is a new chance to see what was printed, never a repair: a tampered
   * zone fails its digits in every reading. Each reading counts as it comes, so that a later one
   * stopped at its time limit loses nothing, and is first put together with the text engine's
   * reading of the front (`combineReadings`), which holds a passport's zone too. No zone anywhere:
   * a phone held upright photographs a card turned a quarter, so an image taller than wide is read
   * turned each way, the same way again. A reading that shows more than one zone (zones stacked
   * on a page) ends the search: no document's image does. Once `reading` aborts (no face on the
   * front) the search ends with what it has read.
   */
  private async findZone(
    backRegions: Promise<Buffer[]> | undefined,
    frontRegions: Promise<Buffer[]>,
    frontText: Promise<OcrPage>,
    budget: OcrBudget,
    reading: AbortSignal,
    stop?: AbortSignal,
  ): Promise<FoundZone | undefined> {
    const readMrz = async (image: Buffer) => {
      stop?.throwIfAborted();
      return budget.read((limit) => this.ocr.readMrz(image, limit, reading));
    };
    const search: ZoneSearch = { readMrz, frontText, tried: new Set() };
    const sides = [
      ['back', backRegions],
      ['front', frontRegions],
    ] as const;
    try {
      for (const [side, regions] of sides) {
        for (const region of (await regions) ?? []) {
          const found = await readRegion(search, region, { side });
          if (found) return found;
          if (search.stacked) return search.fallback;
        }
      }
      if (search.fallback) return search.fallback;
      for (const [side, regions] of sides) {
        const whole = (await regions)?.[1];
        if (!whole || !(await isUpright(whole))) continue;
        for (const quarterTurn of [90, 270]) {
          // the lower half of the turned image, where zones are printed (as `forOcr` reads them);
          // each re-read once more, for the turned image
          search.tried.clear();
          const found = await readRegion(search, await lowerHalfTurned(whole, quarterTurn), { side, quarterTurn });
          if (found) return found;
        }
      }
    } catch (error) {
      // The budget is spent, or the reads were stopped: decide on what was read.
      if (!(error instanceof OcrCutShort)) throw error;
    }
    return search.fallback;
  }
}

/** What an evaluation may learn of one check besides its outcome: never logged, never published. */
export interface EngineDiagnostics {
  faceDistance?: number;
  /** The two descriptors compared, so that an evaluation can compare every pairing of people. */
  faceDescriptors?: { portrait: number[]; selfie: number[] };
  /** The passive anti-spoof score of the selfie's face (0-1, higher: more likely real), advisory. */
  selfieAntispoof?: number;
  /** How closely the selfie's face copies the portrait's detail (liveness/portrait-copy.ts), decided on by LIVENESS_PORTRAIT_COPY. */
  portraitCopy?: number;
  /** How much of the selfie's face detail sits at the image's own pixels (faces/face-detail.ts), logged, not decided on. */
  selfieFineDetail?: number;
  /** How strongly the selfie's face edges lie on a regular grid, as a pixelated picture's blocks do (faces/block-grid.ts). */
  selfieBlockGrid?: number;
  /** How sharply the selfie's face steps between pixels repeat at one period, as an enlarged picture's do (faces/resampling-trace.ts). */
  selfieResamplingTrace?: number;
  /** What the capture's moves showed, when one was sent. */
  headTurns?: HeadTurnDecision & { samePerson?: boolean };
  stageMs: { faces?: number; mrzOcr?: number; printedTextOcr?: number; selfieOcr?: number; liveness?: number };
}

interface FoundZone {
  side: 'front' | 'back';
  lines: string[];
  /** Found only in the image turned this many degrees (a card photographed with the phone upright). */
  quarterTurn?: number;
}

/** One check's search for its zone: what it has read and which re-reads it has spent. */
interface ZoneSearch {
  readMrz: (image: Buffer) => Promise<OcrPage>;
  /** The front's printed text, read by tesseract's other engine. */
  frontText: Promise<OcrPage>;
  /** Re-reads spent, once per check each: a zone that does not hold (a tampered one) must not cost them for every region. */
  tried: Set<'turned back' | 'flattened' | 'upscaled'>;
  /** The first zone found, holding or not. */
  fallback?: FoundZone;
  /** A reading showed more than one zone: no document's image does, so the search ends. */
  stacked?: boolean;
}

/** Reads one region for the zone, then again as `findZone` describes, until a reading holds. */
async function readRegion(search: ZoneSearch, region: Buffer, where: Omit<FoundZone, 'lines'>): Promise<FoundZone | undefined> {
  let anyZone = false;
  // each reading kept as it comes: a later re-read cut short at its limit loses nothing read before it
  const consider = async (text: string): Promise<FoundZone | undefined> => {
    const lines = findMrzLines(text);
    if (!lines) return undefined;
    anyZone = true;
    if (zoneHolds(lines)) return { ...where, lines };
    search.fallback ??= { ...where, lines };
    // a zone printed on the front, read by the text engine too: both readings together
    const combined = combineReadings(lines, (await search.frontText).text);
    return combined && { ...where, lines: combined };
  };
  /** True the first time a re-read is asked for in this search, and spends it. */
  const once = (reread: 'turned back' | 'flattened' | 'upscaled') => {
    if (search.tried.has(reread)) return false;
    search.tried.add(reread);
    return true;
  };
  const page = await search.readMrz(region);
  let found = await consider(page.text);
  // Zones stacked on one image are not a zone misread: reading it again would find them again.
  if (!found && showsMoreThanOneZone(page.text)) {
    search.stacked = true;
    return undefined;
  }
  if (!found && Math.abs(page.skewDegrees) >= SKEW_WORTH_CORRECTING_DEGREES && once('turned back')) {
    found = await consider((await search.readMrz(await deskew(region, page.skewDegrees))).text);
  }
  if (!found && once('flattened')) found = await consider((await search.readMrz(await flattenLighting(region))).text);
  if (!found && anyZone && once('upscaled')) found = await consider((await search.readMrz(await upscale(region))).text);
  return found;
}

/** Taller than wide: a card or a data page (both wider than tall) photographed turned a quarter. */
async function isUpright(image: Buffer): Promise<boolean> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  return height > width;
}

/** Twice the size (at most 4,000 px wide), for a zone whose characters misread at their printed size. */
async function upscale(image: Buffer): Promise<Buffer> {
  const { width = 0 } = await sharp(image).metadata();
  return ocrPng(sharp(image).resize({ width: Math.min(4000, width * 2), kernel: 'lanczos3' }));
}

/** At most this many advisory head-turn measures run after their checks at once. */
const ADVISORY_MEASURES_AT_ONCE = 1;

/** How a head-turn decision is written in the log: a word and its reason, no personal data. */
function headTurnsWord(decision: HeadTurnDecision): string {
  return decision.live ? 'live' : `not live (${decision.refusal ?? 'another person'})`;
}

const NOTHING_READ: OcrPage = { text: '', skewDegrees: 0, readMs: 0 };

/** A read the budget stopped or did not start gives no text. */
function unlessCutShort(read: Promise<OcrPage>): Promise<OcrPage> {
  return read.catch((error: unknown) => {
    if (error instanceof OcrCutShort) return NOTHING_READ;
    throw error;
  });
}

/** Every check digit of the zone holds (once the layout's certain OCR errors are put back). */
function zoneHolds(lines: string[] | undefined): lines is string[] {
  return lines !== undefined && readMrzWithRepair(lines)?.checkDigitsValid === true;
}

function startOfToday(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}
