import { maskEmail } from './session-view';

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('ana.perez@example.com')).toBe('a***@example.com');
    expect(maskEmail('b@x.io')).toBe('b***@x.io');
  });

  it('masks what has no usable local part', () => {
    expect(maskEmail('@example.com')).toBe('***');
    expect(maskEmail('nothing')).toBe('***');
  });
});
