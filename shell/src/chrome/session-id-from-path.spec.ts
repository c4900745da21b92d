import { sessionIdFromPath } from './session-id-from-path';

const ID = '7Q2X9T4K0W1M';

describe('sessionIdFromPath', () => {
  it.each([`/session/${ID}`, `/verify/${ID}`, `/results/${ID}`, `/invite/${ID}`, `/invite/${ID}/`])('shows the id on %s', (path) => {
    expect(sessionIdFromPath(path)).toBe(ID);
  });

  it.each(['/', '/create', '/join', '/session', `/waiting/${ID}`, `/rejected/${ID}`])('shows nothing on %s', (path) => {
    expect(sessionIdFromPath(path)).toBeUndefined();
  });

  it.each(['/session/ABC', '/invite/%3Cscript%3E', '/verify/%E0%A4%A', `/results/${ID.toLowerCase()}x`])(
    'keeps what a bad link holds out of the header: %s',
    (path) => {
      expect(sessionIdFromPath(path)).toBeUndefined();
    },
  );
});
