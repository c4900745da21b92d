import { linkOnThisApp } from './link-on-this-app';

const at = (origin: string) => ({ origin, hostname: new URL(origin).hostname });

describe('linkOnThisApp', () => {
  it('moves a link of the default host to the address the page was opened at (a phone must open the QR code)', () => {
    expect(linkOnThisApp('http://localhost:4200/invite/ABCDEFGHJKMN', at('http://192.168.1.20:4200'))).toBe('http://192.168.1.20:4200/invite/ABCDEFGHJKMN');
    expect(linkOnThisApp('http://localhost:4200/handoff/abc_DEF-123', at('https://idv.example.org'))).toBe('https://idv.example.org/handoff/abc_DEF-123');
  });

  it('keeps a configured public URL when the page itself is on a loopback address', () => {
    expect(linkOnThisApp('https://idv.example.com/invite/ABCDEFGHJKMN', at('http://localhost:4200'))).toBe('https://idv.example.com/invite/ABCDEFGHJKMN');
    expect(linkOnThisApp('http://localhost:4200/invite/ABCDEFGHJKMN', at('http://127.0.0.1:4200'))).toBe('http://127.0.0.1:4200/invite/ABCDEFGHJKMN');
  });

  it('leaves a link it cannot read as it is', () => {
    expect(linkOnThisApp('not a url', at('http://192.168.1.20:4200'))).toBe('not a url');
  });
});
