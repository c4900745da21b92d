import { maskEmail } from './session-view';

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('ana.perez@example.com')).toBe('a***@e***.com');
    expect(maskEmail('b@x.io')).toBe('b***@x***.io');
    expect(maskEmail('carla@mail.example.co.uk')).toBe('c***@m***.uk');
  });

  it('masks what has no usable local part', () => {
    expect(maskEmail('@example.com')).toBe('***');
    expect(maskEmail('nothing')).toBe('***');
    expect(maskEmail('dot.before@at')).toBe('***');
  });
});
