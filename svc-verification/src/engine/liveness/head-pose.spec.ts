import { noseOffset } from './head-pose';

describe('noseOffset', () => {
  const mesh = (noseX: number, noseY: number) => {
    const points: [number, number, number][] = Array.from({ length: 468 }, () => [0, 0, 0]);
    points[234] = [100, 200, 0];
    points[454] = [300, 200, 0];
    points[10] = [200, 50, 0];
    points[152] = [200, 350, 0];
    points[1] = [noseX, noseY, 0];
    return points;
  };

  it('is 0 for a nose in the middle of the face, and says which way it moved', () => {
    expect(noseOffset(mesh(200, 200))).toEqual({ across: 0, down: 0 });
    // toward the image's right: the person turned to their own left
    expect(noseOffset(mesh(250, 200)).across).toBeCloseTo(0.5);
    // toward the forehead: the person looked up
    expect(noseOffset(mesh(200, 125)).down).toBeCloseTo(-0.5);
  });
});
