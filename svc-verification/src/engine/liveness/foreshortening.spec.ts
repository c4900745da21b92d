import { textureSqueezeOf } from './foreshortening';

describe('textureSqueezeOf', () => {
  it("reads a turn's squeeze across from the frame whose points narrowed most across", () => {
    expect(textureSqueezeOf('turn_left', [0.97, 0.82, 0.9])).toBe(0.82);
  });

  it('reads a look up or down as a squeeze down: points spread wider across than down are a face shortened', () => {
    // across over down of 1.25 is a face shortened to 0.8 of its height; 0.9 is one made taller, no squeeze
    expect(textureSqueezeOf('look_up', [0.9, 1.25])).toBeCloseTo(0.8);
  });

  it('says nothing when no frame of the move kept enough points', () => {
    expect(textureSqueezeOf('turn_right', [])).toBeUndefined();
  });
});
