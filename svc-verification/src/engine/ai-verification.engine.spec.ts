import sharp from 'sharp';
import { Worker } from 'node:worker_threads';
import { loadVerificationEnv } from '../config/env';
import {
  type DocumentHolder,
  type Person,
  dataUrlOf,
  holderFor,
  idCardFront,
  passportPage,
  peopleFromPackagePhotos,
  photograph,
  renderMrz,
  selfieOf,
  photographedCard,
} from '@idv/id-fixtures';
import type { LivenessMove } from '@idv/contracts';
import { cameraFrame, pictureCapture } from '../../eval/liveness/capture-sequences';
import { AiVerificationEngine, type EngineDiagnostics } from './ai-verification.engine';
import { Ocr } from './document/ocr';
import { checkImage } from './images/image-input';
import { FaceModel } from './faces/face-model';
import { HeadTurnLiveness } from './liveness/head-turn-liveness';
import { SurfaceMotion } from './liveness/surface-motion';
import type { VerificationInput } from './verification-engine';

const blank = () =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: '#f5f5f5' } })
    .jpeg()
    .toBuffer();

/**
 * The fixtures' selfies are the portrait's own photo taken again: copies of it by construction, which
 * the portrait-copy rule (enforced by default) refuses. Engines that check anything else leave it advisory.
 */
const COPIES_ALLOWED = { LIVENESS_PORTRAIT_COPY: 'advisory' };

/** Every fixture case of the issue through the real engine (models, OCR), decided in memory. */
describe('AI verification engine on generated documents', () => {
  const faces = new FaceModel();
  const headTurns = new HeadTurnLiveness(faces, new SurfaceMotion());
  const ocr = new Ocr();
  const engine = new AiVerificationEngine(faces, ocr, loadVerificationEnv(COPIES_ALLOWED), headTurns);
  let ana: Person;
  let other: Person;

  beforeAll(async () => {
    await engine.onModuleInit();
    [ana, other] = await peopleFromPackagePhotos();
  }, 120000);

  afterAll(async () => {
    await ocr.onApplicationShutdown();
  });

  const holder = (overrides: Partial<DocumentHolder> = {}): DocumentHolder => holderFor(ana, overrides);

  const card = (h: DocumentHolder, options: { breakDigit?: boolean } = {}) => photographedCard(h, { breakDocumentNumberDigit: options.breakDigit });

  /** The images as a submission's are checked before they reach the engine. */
  async function checkedImages(parts: { front: Buffer; back: Buffer; selfie: Buffer }): Promise<VerificationInput['images']> {
    return {
      front: await checkImage(dataUrlOf(parts.front)),
      back: await checkImage(dataUrlOf(parts.back)),
      selfie: await checkImage(dataUrlOf(parts.selfie)),
    };
  }

  async function verify(parts: { front: Buffer; back: Buffer; selfie: Buffer }, realName = 'José Luis García Pérez', invitedName = 'Jose Garcia') {
    return engine.verify({ realName, invitedName, images: await checkedImages(parts) });
  }

  it('verifies a genuine pair (ID card)', async () => {
    expect(await verify({ ...(await card(holder())), selfie: await selfieOf(ana) })).toEqual({ decision: 'verified', reasons: [] });
  }, 60000);

  it('verifies a genuine pair (passport page as front, MRZ on it)', async () => {
    const page = await photograph(await passportPage(holder()), { jpegQuality: 80, scale: 0.9 });
    expect(await verify({ front: page, back: page, selfie: await selfieOf(ana) })).toEqual({ decision: 'verified', reasons: [] });
  }, 60000);

  it('verifies a card photographed with the phone held upright (both sides turned a quarter)', async () => {
    const { front, back } = await card(holder());
    const turned = (image: Buffer) => sharp(image).rotate(90).jpeg({ quality: 90 }).toBuffer();
    expect(await verify({ front: await turned(front), back: await turned(back), selfie: await selfieOf(ana) })).toEqual({ decision: 'verified', reasons: [] });
  }, 60000);

  it.each([
    ['an impostor selfie', async () => ({ ...(await card(holder())), selfie: await selfieOf(other) }), undefined, 'face_mismatch'],
    ['a wrong typed name', async () => ({ ...(await card(holder())), selfie: await selfieOf(ana) }), 'Pedro Martinez', 'name_mismatch'],
    ['a broken MRZ check digit', async () => ({ ...(await card(holder(), { breakDigit: true })), selfie: await selfieOf(ana) }), undefined, 'mrz_invalid'],
    ['an expired document', async () => ({ ...(await card(holder({ expiryDate: '200101' }))), selfie: await selfieOf(ana) }), undefined, 'document_expired'],
    [
      'no face on the document',
      async () => ({ ...(await card(holder({ person: undefined }))), selfie: await selfieOf(ana) }),
      undefined,
      'no_face_on_document',
    ],
    ['no face in the selfie', async () => ({ ...(await card(holder())), selfie: await blank() }), undefined, 'no_face_in_selfie'],
    ['a blank document', async () => ({ front: await blank(), back: await blank(), selfie: await selfieOf(ana) }), undefined, 'document_unreadable'],
    [
      'a photo that is not a document',
      async () => ({ front: await selfieOf(other), back: await selfieOf(other), selfie: await selfieOf(ana) }),
      undefined,
      'document_unreadable',
    ],
    // docs/liveness.md: the holder's own card photographed again and sent as the selfie
    [
      'the card held to the camera as the selfie',
      async () => ({
        ...(await card(holder())),
        selfie: await photograph(await idCardFront(holder()), { rotateDegrees: -4, jpegQuality: 80, background: true }),
      }),
      undefined,
      'liveness_failed',
    ],
  ])(
    'fails %s with its reason',
    async (_name, make, realName, reason) => {
      const outcome = await verify(await make(), realName);
      expect(outcome.decision).toBe('failed');
      expect(outcome.reasons.map((r) => r.code)).toContain(reason);
    },
    60000,
  );

  it('fails front and back swapped: the front shows no face', async () => {
    const { front, back } = await card(holder());
    const outcome = await verify({ front: back, back: front, selfie: await selfieOf(ana) });
    expect(outcome.reasons.map((r) => r.code)).toContain('no_face_on_document');
  }, 60000);

  it('accepts names with accents, hyphens and particles', async () => {
    const h = holder({ surname: 'VAN DER BERG MUELLER', givenNames: 'ANNA MARIA' });
    const outcome = await verify({ ...(await card(h)), selfie: await selfieOf(ana) }, 'Anna-Maria van der Berg Müller', 'Anna Müller');
    expect(outcome).toEqual({ decision: 'verified', reasons: [] });
  }, 60000);

  it('settles a name the MRZ cut short with the printed name', async () => {
    const long = holder({ surname: 'ERIKSSON', givenNames: 'ANNA MARIA KRISTINABELL' });
    const parts = { ...(await card(long)), selfie: await selfieOf(ana) };
    expect(await verify(parts, 'Anna Maria Kristinabell Eriksson', 'Anna Eriksson')).toEqual({ decision: 'verified', reasons: [] });
    // Consistent with the cut MRZ, but not what the card prints: refused.
    const other = await verify(parts, 'Anna Maria Kristinabellissima Eriksson', 'Anna Eriksson');
    expect(other.reasons.map((r) => r.code)).toContain('name_mismatch');
  }, 60000);

  it('refuses an invited name that is someone else', async () => {
    const outcome = await verify({ ...(await card(holder())), selfie: await selfieOf(ana) }, 'José Luis García Pérez', 'Maria Lopez');
    expect(outcome.reasons.map((r) => r.code)).toEqual(['invited_name_mismatch']);
  }, 60000);

  it('starts no OCR read and no face pass once its time limit has stopped it', async () => {
    const images = await checkedImages({ ...(await card(holder())), selfie: await selfieOf(ana) });
    const reads = jest.spyOn(Ocr.prototype, 'readMrz');
    const textReads = jest.spyOn(Ocr.prototype, 'readText');
    const passes = jest.spyOn(FaceModel.prototype, 'describe');
    try {
      const stop = new AbortController();
      stop.abort();
      await expect(engine.verify({ realName: 'José Luis García Pérez', invitedName: 'Jose Garcia', images }, stop.signal)).rejects.toThrow(/abort/i);
      expect(reads).not.toHaveBeenCalled();
      expect(textReads).not.toHaveBeenCalled();
      expect(passes).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
      textReads.mockRestore();
      passes.mockRestore();
    }
  }, 60000);

  /** Lines of print: 24 are read (about 1,900 characters, under MAX_DOCUMENT_CHARACTERS), 70 are not. */
  const printedPage = (lines = 24) => {
    const line = (i: number) => `SURNAME ${i} GIVEN NAMES DATE OF BIRTH EXPIRY DOCUMENT NO NATIONALITY UTOPIA CITY`;
    return renderMrz(
      Array.from({ length: lines }, (_, i) => line(i)),
      { fontSize: 20 },
    );
  };

  it('does not read an image with more printed characters than any identity document', async () => {
    const page = printedPage(70);
    // A face on it, so that the checks read on (a front without one ends them, below).
    const portrait = await sharp(await selfieOf(ana))
      .resize({ width: 360 })
      .toBuffer();
    const front = await sharp(page)
      .composite([{ input: portrait, left: 40, top: 40 }])
      .png()
      .toBuffer();
    const images = await checkedImages({ front, back: page, selfie: await selfieOf(ana) });
    const reads = jest.spyOn(Ocr.prototype, 'readMrz');
    const textReads = jest.spyOn(Ocr.prototype, 'readText');
    try {
      const outcome = await engine.verify({ realName: 'José Luis García Pérez', invitedName: 'Jose Garcia', images });
      expect(outcome.reasons.map((r) => r.code)).toEqual(['document_unreadable']);
      expect(reads).not.toHaveBeenCalled();
      // the selfie's text only (liveness: is it the document held up?), none of the document's
      expect(textReads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
      textReads.mockRestore();
    }
  }, 60000);

  it('measures a capture of a printed photo turned toward each move as no live head: decided on only when enforced', async () => {
    const selfie = await selfieOf(ana);
    const moves: LivenessMove[] = ['turn_left', 'look_up', 'turn_right'];
    const captured = await pictureCapture(await cameraFrame(selfie, 0), 'printed-photo', moves, 7);
    const frames = await Promise.all(captured.map(async (frame) => ({ step: frame.step, image: await checkImage(dataUrlOf(frame.jpeg)) })));
    const { front, back } = await card(holder());
    const images = await checkedImages({ front, back, selfie });
    const input = { realName: 'José Luis García Pérez', invitedName: 'Jose Garcia', images, liveness: { moves, frames } };
    const diagnostics: EngineDiagnostics = { stageMs: {} };
    // advisory (the default): measured, not decided on
    expect(await engine.verify(input, undefined, diagnostics)).toEqual({ decision: 'verified', reasons: [] });
    expect(diagnostics.headTurns).toMatchObject({ live: false });
    const enforced = new AiVerificationEngine(faces, ocr, loadVerificationEnv({ ...COPIES_ALLOWED, LIVENESS_HEAD_TURNS: 'enforced' }), headTurns);
    expect((await enforced.verify(input)).reasons.map((r) => r.code)).toContain('liveness_failed');
    // enforced, a check that reaches the engine without a capture is refused as well
    expect((await enforced.verify({ ...input, liveness: undefined })).reasons.map((r) => r.code)).toEqual(['liveness_failed']);
  }, 60000);

  /** A genuine card and selfie with a capture of one frame (the selfie): for engines whose head-turn measure is faked. */
  async function genuineWithOneFrameCapture() {
    const images = await checkedImages({ ...(await card(holder())), selfie: await selfieOf(ana) });
    return {
      realName: 'José Luis García Pérez',
      invitedName: 'Jose Garcia',
      images,
      liveness: { moves: ['turn_left', 'look_up', 'turn_right'] as LivenessMove[], frames: [{ step: 'face_camera' as const, image: images.selfie }] },
    };
  }

  it('goes on without a head-turn measure that fails when advisory, and fails the check with it when enforced', async () => {
    const broken = { decide: async () => Promise.reject(new Error('the surface motion thread ended')) } as unknown as HeadTurnLiveness;
    const input = await genuineWithOneFrameCapture();
    // (engines made here have no cohort loaded: only whether the check stands is looked at)
    const advisory = new AiVerificationEngine(faces, ocr, loadVerificationEnv(COPIES_ALLOWED), broken);
    // resolves: the check is decided (its engine did not throw, so it is no check_failed)
    const outcome = await advisory.verify(input);
    expect(outcome.reasons.map((r) => r.code)).not.toContain('liveness_failed');
    const enforced = new AiVerificationEngine(faces, ocr, loadVerificationEnv({ ...COPIES_ALLOWED, LIVENESS_HEAD_TURNS: 'enforced' }), broken);
    await expect(enforced.verify(input)).rejects.toThrow('the surface motion thread ended');
  }, 60000);

  it("logs whether a capture's other checks passed with the head turns left out: the card held up as the selfie is no passed check", async () => {
    const flat = { decide: async () => ({ decision: { live: false, refusal: 'flat', moves: [] } }) } as unknown as HeadTurnLiveness;
    const enforced = new AiVerificationEngine(faces, ocr, loadVerificationEnv({ ...COPIES_ALLOWED, LIVENESS_HEAD_TURNS: 'enforced' }), flat);
    const records: unknown[] = [];
    jest.spyOn((enforced as unknown as { logger: { log: (...args: unknown[]) => void } }).logger, 'log').mockImplementation((entry) => {
      if (typeof entry === 'object' && entry !== null && 'headTurns' in entry) records.push((entry as { headTurns: unknown }).headTurns);
    });
    const genuine = await genuineWithOneFrameCapture();
    // a genuine person refused only by the head turns: what enforcing costs, counted as such
    expect((await enforced.verify(genuine)).reasons.map((r) => r.code)).toEqual(['liveness_failed']);
    const cardHeld = await checkedImages({
      ...(await card(holder())),
      selfie: await photograph(await idCardFront(holder()), { rotateDegrees: -4, jpegQuality: 80, background: true }),
    });
    // the card held up fails liveness_failed by its own rule as well: not a person the other checks accepted
    expect((await enforced.verify({ ...genuine, images: cardHeld })).reasons.map((r) => r.code)).toContain('liveness_failed');
    expect(records).toEqual([expect.objectContaining({ otherChecks: 'passed', refusal: 'flat' }), expect.objectContaining({ otherChecks: 'failed' })]);
  }, 60000);

  it("logs the portrait-copy score of every check, advisory: a selfie from the portrait's own photo scores as a copy, another face does not", async () => {
    const records: { score: number; otherChecks: string; selfieFineDetail?: number; selfieBlockGrid?: number; selfieResamplingTrace?: number }[] = [];
    const log = jest.spyOn((engine as unknown as { logger: { log: (...args: unknown[]) => void } }).logger, 'log').mockImplementation((entry) => {
      if (typeof entry === 'object' && entry !== null && 'portraitCopy' in entry) records.push((entry as { portraitCopy: (typeof records)[0] }).portraitCopy);
    });
    try {
      const documents = await card(holder());
      const diagnostics: EngineDiagnostics = { stageMs: {} };
      // the fixtures' selfie is the portrait's photo taken again: a copy of one print, verified (advisory)
      const images = await checkedImages({ ...documents, selfie: await selfieOf(ana) });
      expect(await engine.verify({ realName: 'José Luis García Pérez', invitedName: 'Jose Garcia', images }, undefined, diagnostics)).toEqual({
        decision: 'verified',
        reasons: [],
      });
      expect((await verify({ ...documents, selfie: await selfieOf(other) })).reasons.map((r) => r.code)).toEqual(['face_mismatch']);
      // with the selfie's fine detail at its own pixels (faces/face-detail.ts), advisory, its block grid (faces/block-grid.ts) and its resampling trace
      const measured = { selfieFineDetail: expect.any(Number), selfieBlockGrid: expect.any(Number), selfieResamplingTrace: expect.any(Number) };
      expect(records).toEqual([
        { score: expect.any(Number), otherChecks: 'passed', ...measured },
        { score: expect.any(Number), otherChecks: 'failed', ...measured },
      ]);
      expect(records[0].score).toBeCloseTo(diagnostics.portraitCopy!, 2);
      // and so do the diagnostics an evaluation reads (rounded to two decimals in the record)
      expect(records[0].selfieFineDetail).toBeCloseTo(diagnostics.selfieFineDetail!, 2);
      expect(records[0].selfieBlockGrid).toBeCloseTo(diagnostics.selfieBlockGrid!, 2);
      expect(records[0].selfieResamplingTrace).toBeCloseTo(diagnostics.selfieResamplingTrace!, 2);
      expect(records[0].score).toBeGreaterThan(0.8);
      expect(records[1].score).toBeLessThan(0.5);
    } finally {
      log.mockRestore();
    }
  }, 60000);

  it("refuses a selfie that copies the portrait (the default) unless its capture shows the person live; a failed measure is the check's failure", async () => {
    const byDefault = new AiVerificationEngine(faces, ocr, loadVerificationEnv({}), headTurns);
    const documents = await card(holder());
    const copy = await checkedImages({ ...documents, selfie: await selfieOf(ana) });
    const named = { realName: 'José Luis García Pérez', invitedName: 'Jose Garcia' };
    // the portrait's own photo as the selfie, with no capture: refused as not live, and nothing else
    expect((await byDefault.verify({ ...named, images: copy })).reasons.map((r) => r.code)).toEqual(['liveness_failed']);
    // with a capture of a printed photo turned toward each move (no live head): refused (the measure
    // shares the cores with the reads, which may be cut short: only liveness is looked at)
    const moves: LivenessMove[] = ['turn_left', 'look_up', 'turn_right'];
    const printed = await pictureCapture(await cameraFrame(await selfieOf(ana), 0), 'printed-photo', moves, 7);
    const frames = await Promise.all(printed.map(async (frame) => ({ step: frame.step, image: await checkImage(dataUrlOf(frame.jpeg)) })));
    expect((await byDefault.verify({ ...named, images: copy, liveness: { moves, frames } })).reasons.map((r) => r.code)).toContain('liveness_failed');
    // with a capture whose measure shows a live head (faked here: the head-turn engine is tested on its own): verified
    const live = { decide: async () => ({ decision: { live: true, moves: [] } }) } as unknown as HeadTurnLiveness;
    const liveHead = new AiVerificationEngine(faces, ocr, loadVerificationEnv({}), live);
    expect(await liveHead.verify({ ...named, images: copy, liveness: { moves, frames } })).toEqual({ decision: 'verified', reasons: [] });
    // a measure that fails where it decides is no refusal of the person: the check fails (check_failed, retryable)
    const broken = { decide: async () => Promise.reject(new Error('the surface motion thread ended')) } as unknown as HeadTurnLiveness;
    const brokenMeasure = new AiVerificationEngine(faces, ocr, loadVerificationEnv({}), broken);
    await expect(brokenMeasure.verify({ ...named, images: copy, liveness: { moves, frames } })).rejects.toThrow('the surface motion thread ended');
    // another person's face is no copy (engines made here have no cohort: the face comparison is not looked at)
    const otherFace = await checkedImages({ ...documents, selfie: await selfieOf(other) });
    expect((await byDefault.verify({ ...named, images: otherFace })).reasons.map((r) => r.code)).not.toContain('liveness_failed');
    // advisory, the copy is verified
    expect(await engine.verify({ ...named, images: copy })).toEqual({ decision: 'verified', reasons: [] });
  }, 120000);

  it('refuses a selfie pixelated with its blocks left hard, and one enlarged smoothly, each by its own rule (the defaults); advisory, each is measured only', async () => {
    /** The fixture's selfie made small to 72 x 96 blocks by the nearest pixel, enlarged again to 480 x 640, JPEG 80 (as pixelated-copies.eval.ts does). */
    const pixelated = async (enlarge: 'nearest' | 'cubic') =>
      sharp(
        await sharp(await selfieOf(ana))
          .resize(72, 96, { fit: 'cover', kernel: 'nearest' })
          .toBuffer(),
      )
        .resize(480, 640, { kernel: enlarge })
        .jpeg({ quality: 80 })
        .toBuffer();
    const documents = await card(holder());
    const named = { realName: 'José Luis García Pérez', invitedName: 'Jose Garcia' };
    const hard = await checkedImages({ ...documents, selfie: await pixelated('nearest') });
    const smooth = await checkedImages({ ...documents, selfie: await pixelated('cubic') });
    const codesOf = async (on: AiVerificationEngine, images: typeof hard, diagnostics?: EngineDiagnostics) =>
      (await on.verify({ ...named, images }, undefined, diagnostics)).reasons.map((r) => r.code);
    const onlyPixelated = new AiVerificationEngine(faces, ocr, loadVerificationEnv({ ...COPIES_ALLOWED, LIVENESS_ENLARGED_SELFIE: 'advisory' }), headTurns);
    const onlyEnlarged = new AiVerificationEngine(faces, ocr, loadVerificationEnv({ ...COPIES_ALLOWED, LIVENESS_PIXELATED_SELFIE: 'advisory' }), headTurns);
    const neither = new AiVerificationEngine(
      faces,
      ocr,
      loadVerificationEnv({ ...COPIES_ALLOWED, LIVENESS_PIXELATED_SELFIE: 'advisory', LIVENESS_ENLARGED_SELFIE: 'advisory' }),
      headTurns,
    );
    // the hard blocks: a grid of edges (faces/block-grid.ts)
    const diagnostics: EngineDiagnostics = { stageMs: {} };
    expect(await codesOf(onlyPixelated, hard, diagnostics)).toContain('liveness_failed');
    expect(diagnostics.selfieBlockGrid).toBeGreaterThan(3);
    // enlarged smoothly, the blocks leave no grid, but the enlargement leaves its trace (faces/resampling-trace.ts)
    const smoothDiagnostics: EngineDiagnostics = { stageMs: {} };
    expect(await codesOf(onlyPixelated, smooth, smoothDiagnostics)).not.toContain('liveness_failed');
    expect(smoothDiagnostics.selfieBlockGrid).toBeLessThan(2);
    expect(smoothDiagnostics.selfieResamplingTrace).toBeGreaterThan(4);
    expect(await codesOf(onlyEnlarged, smooth)).toContain('liveness_failed');
    expect(await codesOf(engine, smooth)).toContain('liveness_failed');
    // advisory, neither fails anything by itself
    expect(await codesOf(neither, hard)).not.toContain('liveness_failed');
    expect(await codesOf(neither, smooth)).not.toContain('liveness_failed');
  }, 120000);

  it('gives the outcome without waiting for an advisory head-turn measure, which runs after it, one at a time', async () => {
    let measures = 0;
    let finish: () => void = () => undefined;
    const slow = {
      decide: () => {
        measures++;
        return new Promise((resolve) => (finish = () => resolve({ decision: { live: false, refusal: 'flat', moves: [] } })));
      },
    } as unknown as HeadTurnLiveness;
    const input = await genuineWithOneFrameCapture();
    const advisory = new AiVerificationEngine(faces, ocr, loadVerificationEnv(COPIES_ALLOWED), slow);
    // Both resolve while the first measure has not ended; the second capture is not measured.
    await advisory.verify(input);
    await advisory.verify(input);
    expect(measures).toBe(1);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    await advisory.verify(input);
    expect(measures).toBe(2);
    finish();
  }, 60000);

  it('reads a page of print edge to edge behind a genuine front only within its OCR budget, and calls it unreadable', async () => {
    // Unbounded, reading such a page took minutes, and every other check waited behind it.
    const bounded = new AiVerificationEngine(faces, ocr, loadVerificationEnv({ OCR_READ_MAX_MS: '800', OCR_CHECK_MAX_MS: '1500' }), headTurns);
    const { front } = await card(holder());
    const images = await checkedImages({ front, back: printedPage(), selfie: await selfieOf(ana) });
    const started = Date.now();
    const outcome = await bounded.verify({ realName: 'José Luis García Pérez', invitedName: 'Jose Garcia', images });
    // 1.5 s of OCR and one read's limit at most, the faces beside them, a worker started anew.
    expect(Date.now() - started).toBeLessThan(6000);
    expect(outcome.decision).toBe('failed');
    expect(outcome.reasons.map((r) => r.code)).toContain('document_unreadable');
    // The workers stopped at the limit are replaced: the next check reads as before.
    expect(await verify({ ...(await card(holder())), selfie: await selfieOf(ana) })).toEqual({ decision: 'verified', reasons: [] });
  }, 60000);

  it('tells a person whose reads the machine gave no CPU that the service was busy, never that the document is unreadable', async () => {
    // Reads limited to 100 ms of their own work, on a machine whose cores twelve other threads keep
    // busy: each read waits for a core past four times its limit and is ended as starved.
    const starved = new AiVerificationEngine(faces, ocr, loadVerificationEnv({ OCR_READ_MAX_MS: '100' }), headTurns);
    const { front, back } = await card(holder());
    const images = await checkedImages({ front, back, selfie: await selfieOf(ana) });
    const spinners = Array.from({ length: 12 }, () => new Worker('for (;;);', { eval: true }));
    try {
      const codes = (await starved.verify({ realName: 'José Luis García Pérez', invitedName: 'Jose Garcia', images })).reasons.map((r) => r.code);
      expect({ busy: codes.includes('service_busy'), unreadable: codes.includes('document_unreadable') }).toEqual({ busy: true, unreadable: false });
    } finally {
      await Promise.all(spinners.map((spinner) => spinner.terminate()));
    }
  }, 60000);

  it('ends its reads once the front shows no face: the check has failed whatever they would find', async () => {
    const page = printedPage();
    const images = await checkedImages({ front: page, back: page, selfie: await selfieOf(ana) });
    const reads = jest.spyOn(Ocr.prototype, 'readMrz');
    const textReads = jest.spyOn(Ocr.prototype, 'readText');
    try {
      const outcome = await engine.verify({ realName: 'José Luis García Pérez', invitedName: 'Jose Garcia', images });
      expect(outcome.reasons.map((r) => r.code)).toEqual(['no_face_on_document', 'document_unreadable']);
      // Every read was given the check's signal, and it was aborted: those running were ended.
      const signals = [...reads.mock.calls, ...textReads.mock.calls].map(([, , signal]) => signal);
      expect(signals.length).toBeGreaterThan(0);
      expect(signals.every((signal) => signal?.aborted)).toBe(true);
    } finally {
      reads.mockRestore();
      textReads.mockRestore();
    }
    // The workers whose reads were ended are replaced: the next check reads as before.
    expect(await verify({ ...(await card(holder())), selfie: await selfieOf(ana) })).toEqual({ decision: 'verified', reasons: [] });
  }, 60000);

  it('fails an image that cannot be decoded as a check failure, without an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { front, back } = await card(holder());
      const broken = Buffer.concat([front.subarray(0, 600), Buffer.alloc(4000, 0x55)]);
      // checkImage refuses such a file at submission; the engine must hold even if one got through.
      const images = {
        front: { ...(await checkImage(dataUrlOf(front))), bytes: broken },
        back: await checkImage(dataUrlOf(back)),
        selfie: await checkImage(dataUrlOf(await selfieOf(ana))),
      };
      await expect(engine.verify({ realName: 'José Luis García Pérez', invitedName: 'Jose Garcia', images })).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  }, 60000);
});
