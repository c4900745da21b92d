import { OcrCutShort, type OcrPage, OcrReadStarved } from './ocr';

/**
 * What one check may spend on OCR: each read at most `readMaxMs`, all its reads together at most
 * `checkMaxMs` (both engines' reads add up, though they run side by side). A read that would start
 * with nothing left is not started. Whatever an image holds, a check's OCR costs at most
 * `checkMaxMs` plus one read's limit (issue 18: no accepted input far dearer than a normal check).
 * Reads count their own work (CPU time, ocr.ts), not time spent waiting for a core.
 */
export class OcrBudget {
  private spentMs = 0;
  /** A read of this check was stopped or not started: what was not read is unknown, not absent. */
  cutShort = false;
  /** A read was ended because the machine gave it no CPU (OcrReadStarved): the check was cut short by a busy machine, not by its images. */
  starved = false;

  constructor(
    private readonly readMaxMs: number,
    private readonly checkMaxMs: number,
  ) {}

  /** Runs one read within what is left; a read stopped or not started rejects with OcrCutShort. */
  async read(read: (limitMs: number) => Promise<OcrPage>): Promise<OcrPage> {
    const left = this.checkMaxMs - this.spentMs;
    if (left <= 0) {
      this.cutShort = true;
      throw new OcrCutShort('this check has spent its OCR budget');
    }
    const limitMs = Math.min(this.readMaxMs, left);
    try {
      const page = await read(limitMs);
      this.spentMs += page.readMs;
      return page;
    } catch (error) {
      if (error instanceof OcrReadStarved) {
        this.starved = true;
        this.cutShort = true;
      } else if (error instanceof OcrCutShort) {
        this.spentMs += limitMs;
        this.cutShort = true;
      }
      throw error;
    }
  }
}
