import { SPECIMEN, renderMrz, td1, td3 } from '@idv/id-fixtures';
import { findMrzLines, readMrzWithRepair } from './mrz';
import sharp from 'sharp';
import { Worker } from 'node:worker_threads';
import { Ocr, OcrReadStopped, OcrReadTooLong, STARVED_AFTER_LIMITS } from './ocr';
import { deskew } from './skew';

const anna = SPECIMEN;

/** The real OCR engine on machine readable zones rendered in OCR-B at test time. */
describe('OCR of machine readable zones', () => {
  const ocr = new Ocr();

  beforeAll(async () => {
    await ocr.load();
  }, 60000);

  afterAll(async () => {
    await ocr.onApplicationShutdown();
  });

  it.each([
    ['an ID card (TD1)', td1(anna)],
    ['a passport (TD3)', td3(anna)],
  ])(
    'reads %s with every check digit holding',
    async (_name, lines) => {
      const { text } = await ocr.readMrz(renderMrz(lines));
      const found = findMrzLines(text);
      expect(found).toBeDefined();
      // The document number may be misread (D23 as DZ3 or 023): the number printed on the front confirms the repair.
      const printedOnFront = (number: string) => number === anna.documentNumber;
      expect(readMrzWithRepair(found!, printedOnFront)).toMatchObject({ checkDigitsValid: true, surname: 'ERIKSSON', givenNames: 'ANNA MARIA' });
    },
    60000,
  );

  it('reads printed text with the LSTM engine', async () => {
    const { text } = await ocr.readText(renderMrz(['IDENTITY CARD', 'ERIKSSON ANNA MARIA']));
    expect(text).toContain('ERIKSSON');
  }, 60000);

  it('says how far the lines are turned, and a zone photographed 4.5° off level reads once turned back', async () => {
    const level = renderMrz(td1(anna));
    const turned = await sharp(level).rotate(-4.5, { background: '#6b5844' }).png().toBuffer();
    const page = await ocr.readMrz(turned);
    expect(page.skewDegrees).toBeLessThan(-3.5);
    expect(page.skewDegrees).toBeGreaterThan(-5.5);
    const straight = await ocr.readMrz(await deskew(turned, page.skewDegrees));
    expect(Math.abs(straight.skewDegrees)).toBeLessThan(1);
    expect(readMrzWithRepair(findMrzLines(straight.text)!, (number) => number === anna.documentNumber)?.checkDigitsValid).toBe(true);
  }, 60000);

  it('stops a read at its limit, and the reads queued behind it run on a new worker', async () => {
    // A page of small print edge to edge: reading it whole takes far longer than 300 ms.
    const dense = renderMrz(
      Array.from({ length: 60 }, (_, i) => `IDENTITY CARD ${i} ERIKSSON ANNA MARIA UTOPIA`),
      { fontSize: 16 },
    );
    const started = Date.now();
    const cut = ocr.readText(dense, 300);
    const queued = ocr.readText(renderMrz(['IDENTITY CARD', 'ERIKSSON ANNA MARIA']));
    await expect(cut).rejects.toBeInstanceOf(OcrReadTooLong);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await queued).text).toContain('ERIKSSON');
  }, 60000);

  it("counts a read's own CPU time against its limit, not the time it waits for a core", async () => {
    const card = renderMrz(Array.from({ length: 8 }, (_, i) => `IDENTITY CARD ${i} ERIKSSON ANNA MARIA UTOPIA`));
    const alone = await ocr.readText(card, 60000);
    // twelve threads spinning on this machine's cores, each started before the read: it gets a small share of one
    const spinners = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const spinner = new Worker("require('node:worker_threads').parentPort.postMessage('spinning'); for (;;);", { eval: true });
        await new Promise((resolve) => spinner.once('message', resolve));
        return spinner;
      }),
    );
    // here only the count of its work is under test, not how long it may wait for a core
    ocr.starvedAfterLimits = 1000;
    try {
      const limit = Math.round(1.5 * alone.readMs);
      const started = Date.now();
      const busy = await ocr.readText(card, limit);
      const wallMs = Date.now() - started;
      expect(busy.text).toContain('ERIKSSON');
      // it ran past its limit on the wall clock, and was not cut short for it
      expect({ pastLimitOnTheWallClock: wallMs > limit, ownWorkWithin: busy.readMs < limit }).toEqual({ pastLimitOnTheWallClock: true, ownWorkWithin: true });
    } finally {
      ocr.starvedAfterLimits = STARVED_AFTER_LIMITS;
      await Promise.all(spinners.map((spinner) => spinner.terminate()));
    }
  }, 60000);

  it('ends a read once its signal aborts, starts none whose signal has, and reads on with a new worker', async () => {
    const dense = renderMrz(
      Array.from({ length: 60 }, (_, i) => `IDENTITY CARD ${i} ERIKSSON ANNA MARIA UTOPIA`),
      { fontSize: 16 },
    );
    const stop = new AbortController();
    const started = Date.now();
    const ended = ocr.readText(dense, 60000, stop.signal);
    setTimeout(() => stop.abort(), 300);
    await expect(ended).rejects.toBeInstanceOf(OcrReadStopped);
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(ocr.readMrz(renderMrz(td1(anna)), 60000, stop.signal)).rejects.toBeInstanceOf(OcrReadStopped);
    expect((await ocr.readText(renderMrz(['IDENTITY CARD', 'ERIKSSON ANNA MARIA']), 60000, new AbortController().signal)).text).toContain('ERIKSSON');
  }, 60000);
});
