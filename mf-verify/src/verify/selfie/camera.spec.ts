import { cameraPrecheck, cameraProblemOf } from './camera';

const env = (overrides: Partial<Parameters<typeof cameraPrecheck>[0]> = {}) => ({
  hasGetUserMedia: true,
  isSecureContext: false,
  protocol: 'http:',
  hostname: 'example.com',
  ...overrides,
});

describe('cameraPrecheck', () => {
  it('needs a secure connection: https, localhost or an IP address', () => {
    expect(cameraPrecheck(env())).toBe('httpsRequired');
    expect(cameraPrecheck(env({ protocol: 'https:' }))).toBeNull();
    expect(cameraPrecheck(env({ isSecureContext: true }))).toBeNull();
    expect(cameraPrecheck(env({ hostname: 'localhost' }))).toBeNull();
    expect(cameraPrecheck(env({ hostname: '192.168.1.20' }))).toBeNull();
  });
  it('needs camera support', () => {
    expect(cameraPrecheck(env({ protocol: 'https:', isSecureContext: true, hasGetUserMedia: false }))).toBe('notSupported');
  });
  it('names HTTPS when the browser hides the camera from a page that is not a secure context (plain http on a LAN address)', () => {
    expect(cameraPrecheck(env({ hostname: '192.168.1.20', hasGetUserMedia: false }))).toBe('httpsRequired');
  });
});

describe('cameraProblemOf', () => {
  const named = (name: string) => Object.assign(new Error(name), { name });
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'notFound'],
    ['NotReadableError', 'inUse'],
    ['OverconstrainedError', 'constraints'],
    ['TypeError', 'notSupported'],
    ['SomethingElse', 'generic'],
  ])('%s -> %s', (name, problem) => {
    expect(cameraProblemOf(named(name))).toBe(problem);
  });
  it('anything that is not an error is generic', () => {
    expect(cameraProblemOf('nope')).toBe('generic');
  });
});
