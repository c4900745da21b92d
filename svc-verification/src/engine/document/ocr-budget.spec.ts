import { OcrBudget } from './ocr-budget';
import { OcrCutShort, type OcrPage, OcrReadStarved, OcrReadTooLong } from './ocr';

const page = (readMs: number): OcrPage => ({ text: 'TEXT', skewDegrees: 0, readMs });

describe('OCR budget of one check', () => {
  it('gives each read the smaller of its own limit and what the check has left', async () => {
    const budget = new OcrBudget(3000, 5000);
    const limits: number[] = [];
    await budget.read(async (limit) => (limits.push(limit), page(2500)));
    await budget.read(async (limit) => (limits.push(limit), page(2000)));
    await budget.read(async (limit) => (limits.push(limit), page(400)));
    expect(limits).toEqual([3000, 2500, 500]);
    expect(budget.cutShort).toBe(false);
  });

  it('starts no read once the budget is spent, and says the check was cut short', async () => {
    const budget = new OcrBudget(3000, 4000);
    await budget.read(async () => page(4000));
    let started = false;
    await expect(budget.read(async () => ((started = true), page(1)))).rejects.toBeInstanceOf(OcrCutShort);
    expect(started).toBe(false);
    expect(budget.cutShort).toBe(true);
  });

  it('counts a read stopped at its limit as the whole limit spent', async () => {
    const budget = new OcrBudget(3000, 3100);
    await expect(budget.read(async (limit) => Promise.reject(new OcrReadTooLong(limit)))).rejects.toBeInstanceOf(OcrReadTooLong);
    expect(budget.cutShort).toBe(true);
    const limits: number[] = [];
    await budget.read(async (limit) => (limits.push(limit), page(100)));
    expect(limits).toEqual([100]);
    await expect(budget.read(async () => page(1))).rejects.toBeInstanceOf(OcrCutShort);
  });

  it('says a read ended for want of CPU starved the check, and spends none of the budget on it', async () => {
    const budget = new OcrBudget(3000, 3100);
    await expect(budget.read(async (limit) => Promise.reject(new OcrReadStarved(limit)))).rejects.toBeInstanceOf(OcrCutShort);
    expect(budget).toMatchObject({ cutShort: true, starved: true });
    const limits: number[] = [];
    await budget.read(async (limit) => (limits.push(limit), page(100)));
    expect(limits).toEqual([3000]);
  });

  it('passes any other failure on as it is, spending nothing', async () => {
    const budget = new OcrBudget(3000, 3000);
    await expect(budget.read(async () => Promise.reject(new Error('decode failed')))).rejects.toThrow('decode failed');
    expect(budget.cutShort).toBe(false);
    await budget.read(async (limit) => page(limit));
  });
});
