import { remoteForPath } from './route-table';

describe('remoteForPath', () => {
  it.each([
    ['/', 'mf_landing'],
    ['/create', 'mf_session'],
    ['/join', 'mf_session'],
    ['/session/ABCDEFGHJKMN', 'mf_session'],
    ['/invite/ABCDEFGHJKMN', 'mf_session'],
    ['/rejected/ABCDEFGHJKMN', 'mf_session'],
    ['/verify/ABCDEFGHJKMN', 'mf_verify'],
    ['/waiting/ABCDEFGHJKMN', 'mf_verify'],
    ['/results/ABCDEFGHJKMN', 'mf_verify'],
    ['/handoff/q3VbX0n2cQk7dPz9LmA1sw', 'mf_session'],
  ])('routes %s to %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it.each(['/nowhere', '/constructor', '/toString/x', '/verify', '/results/', '/waiting', '/rejected', '/session/A/B', '/create/x', '/handoff'])(
    'has no remote for %s',
    (path) => {
      expect(remoteForPath(path)).toBeUndefined();
    },
  );
});
