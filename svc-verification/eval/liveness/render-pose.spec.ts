import { type Point3, posed, unprojected } from './render-pose';

describe('a head rendered from its photo', () => {
  const centre: Point3 = [320, 240, 0];
  const distance = 800;
  // a nose tip in front of the middle, a cheek behind it to one side, a brow above
  const seen: Point3[] = [
    [330, 250, -60],
    [250, 250, 40],
    [320, 180, -10],
  ];

  it('looking at the camera, is drawn where the photo shows it', () => {
    for (const [i, [x, y]] of posed(unprojected(seen, centre, distance), {}, centre, distance).entries()) {
      expect(x).toBeCloseTo(seen[i][0], 6);
      expect(y).toBeCloseTo(seen[i][1], 6);
    }
  });

  it('stands where the camera saw it: a point nearer the camera nearer the middle than drawn', () => {
    const [nose, cheek] = unprojected(seen, centre, distance);
    expect(Math.abs(nose[0] - centre[0])).toBeLessThan(10);
    expect(Math.abs(cheek[0] - centre[0])).toBeGreaterThan(70);
  });
});
