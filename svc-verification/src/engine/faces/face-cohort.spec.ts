import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COHORT_ROWS, cohortCells, gridCells, normalizedFaceDistance, storeCohort, storedCohort } from './face-cohort';
import type { FaceModel } from './face-model';

/** Deterministic pseudo-random numbers in [-1, 1) (a linear congruential generator). */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648) * 2 - 1;
  };
}

/** A face descriptor in 16 dimensions, from `seed`. */
function face(seed: number): number[] {
  const next = numbers(seed);
  return Array.from({ length: 16 }, next);
}

/** `face` moved a share of the way towards `target`. */
const towards = (from: number[], target: number[], share: number) => from.map((x, i) => x + (target[i] - x) * share);

describe('normalizedFaceDistance', () => {
  const cohort = Array.from({ length: 50 }, (_, i) => face(1000 + i));
  const [person, otherPhoto, stranger] = [face(1), towards(face(1), face(2), 0.3), face(3)];

  it('puts another photo of a person far below strangers, and a stranger near 0', () => {
    expect(normalizedFaceDistance(person, otherPhoto, cohort)).toBeLessThan(-3);
    expect(Math.abs(normalizedFaceDistance(person, stranger, cohort))).toBeLessThan(1.5);
    expect(normalizedFaceDistance(person, person, cohort)).toBeLessThan(normalizedFaceDistance(person, otherPhoto, cohort));
  });

  it('is symmetric', () => {
    expect(normalizedFaceDistance(person, otherPhoto, cohort)).toBeCloseTo(normalizedFaceDistance(otherPhoto, person, cohort));
  });

  it('counts one raw distance as less near for faces that lie near everybody', () => {
    // Small, soft faces lie near many strangers: the same raw distance then stands out less.
    const crowded = cohort.map((stranger) => towards(stranger, person, 0.5));
    expect(normalizedFaceDistance(person, otherPhoto, crowded)).toBeGreaterThan(normalizedFaceDistance(person, otherPhoto, cohort));
  });

  it('leaves the nearest strangers out: the person among the cohort barely moves their score', () => {
    const withThemselves = [...cohort, towards(person, face(4), 0.2), towards(otherPhoto, face(5), 0.2)];
    const [alone, among] = [normalizedFaceDistance(person, otherPhoto, cohort), normalizedFaceDistance(person, otherPhoto, withThemselves)];
    // measured: 11 % with the nearest three left out, 23 % with every stranger counted
    expect(Math.abs(among - alone)).toBeLessThan(0.15 * Math.abs(alone));
  });

  it('has a value when every stranger is equally far', () => {
    expect(
      Number.isFinite(
        normalizedFaceDistance(
          person,
          otherPhoto,
          Array.from({ length: 10 }, () => stranger),
        ),
      ),
    ).toBe(true);
  });
});

describe('the cohort cells', () => {
  it('are rows 3-6 of the screenshot without the cells left out, inside the image', () => {
    const cells = cohortCells();
    const leftOut = Object.values(COHORT_ROWS).flat().length;
    expect(cells).toHaveLength(4 * 18 - leftOut);
    expect(cells.every((c) => c.row >= 2 && !COHORT_ROWS[c.row].includes(c.column))).toBe(true);
    for (const c of gridCells()) {
      expect(c.left + c.width).toBeLessThanOrEqual(1920);
      expect(c.top + c.height).toBeLessThanOrEqual(954);
    }
  });
});

describe('the cohort stored by the build', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-cohort-'));
  const file = path.join(folder, 'face-cohort.json');
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  // Each cell described as a descriptor of its own (the real model takes 12 s for the 53).
  let described = 0;
  const model = { describe: async () => [{ embedding: face(++described), score: 1, box: [0, 0, 1, 1] }] } as unknown as FaceModel;

  it('is read back as it was described, one descriptor per cell', async () => {
    expect(await storeCohort(model, file)).toBe(cohortCells().length);
    expect(storedCohort(file)).toEqual(cohortCells().map((_, i) => face(i + 1)));
  });

  it('is not used when it was described from other files, or is missing or damaged', () => {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { key: string };
    fs.writeFileSync(file, JSON.stringify({ ...stored, key: `${stored.key.slice(1)}0` }));
    expect(storedCohort(file)).toBeUndefined();
    fs.writeFileSync(file, '{"key":');
    expect(storedCohort(file)).toBeUndefined();
    expect(storedCohort(path.join(folder, 'none.json'))).toBeUndefined();
  });
});
