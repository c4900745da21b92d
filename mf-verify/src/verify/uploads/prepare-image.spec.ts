import { fileProblem, fitWithin } from './prepare-image';

describe('fileProblem', () => {
  it.each([
    ['image/jpeg', 1000, null],
    ['image/png', 10 * 1024 * 1024, null],
    ['image/webp', 10, null],
    ['image/webp', 10 * 1024 * 1024 + 1, 'too_large'],
    ['application/pdf', 10, 'invalid_type'],
    ['image/gif', 10, 'invalid_type'],
    ['', 10, 'invalid_type'],
  ])('%s of %d bytes -> %s', (type, size, problem) => {
    expect(fileProblem({ type, size })).toBe(problem);
  });
});

describe('fitWithin', () => {
  it('brings the long edge down to 2000 px, keeping the aspect ratio', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(1200, 4800)).toEqual({ width: 500, height: 2000 });
  });
  it('never enlarges a small image', () => {
    expect(fitWithin(1012, 638)).toEqual({ width: 1012, height: 638 });
  });
});
