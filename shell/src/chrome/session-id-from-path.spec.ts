import { sessionIdFromPath } from './session-id-from-path';

describe('sessionIdFromPath', () => {
  it.each(['/session/ABC', '/verify/ABC', '/results/ABC', '/invite/ABC', '/invite/ABC/'])('shows the id on %s', (path) => {
    expect(sessionIdFromPath(path)).toBe('ABC');
  });

  it.each(['/', '/create', '/join', '/session', '/waiting/ABC', '/rejected/ABC'])('shows nothing on %s', (path) => {
    expect(sessionIdFromPath(path)).toBeUndefined();
  });
});
