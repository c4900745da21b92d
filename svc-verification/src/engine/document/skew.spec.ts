import { skewFromBaselines } from './skew';

const line = (degrees: number, length = 600) => {
  const radians = (degrees * Math.PI) / 180;
  return { x0: 100, y0: 400, x1: 100 + length * Math.cos(radians), y1: 400 + length * Math.sin(radians) };
};

describe('skewFromBaselines', () => {
  it('is the median angle of the long lines', () => {
    expect(skewFromBaselines([line(-4.5), line(-4.9), line(-4.4)])).toBeCloseTo(-4.5, 5);
    expect(skewFromBaselines([line(5), line(4.8), line(30)])).toBeCloseTo(5, 5);
  });

  it('ignores short lines, which a few characters of a label make, and answers 0 without any long one', () => {
    expect(skewFromBaselines([line(-4.5), line(25, 60)])).toBeCloseTo(-4.5, 5);
    expect(skewFromBaselines([line(25, 60)])).toBe(0);
    expect(skewFromBaselines([])).toBe(0);
  });
});
