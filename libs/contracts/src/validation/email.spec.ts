import { validateEmail } from './email';

describe('validateEmail', () => {
  it.each(['a@b.co', 'ana.perez+idv@example.com', 'josé@correo.es', '  padded@example.org  '])('accepts %s', (input) => {
    expect(validateEmail(input)).toEqual({ ok: true, value: input.trim() });
  });

  it.each([
    'plainaddress',
    'no-at.example.com',
    'a@b',
    'a@.',
    '@example.com',
    'ana@example.',
    'ana perez@example.com',
    'ana@exa mple.com',
    'a@@b.com',
    `${'x'.repeat(250)}@example.com`,
    `${' '.repeat(10 * 1024 * 1024)}a@b.co`,
    `a@${'.'.repeat(10 * 1024 * 1024)}b`,
  ])('rejects %# as email_invalid', (input) => {
    expect(validateEmail(input)).toEqual({ ok: false, code: 'email_invalid' });
  });

  it.each([[''], ['   '], [null], [{ $ne: null }]])('rejects %p as required', (input) => {
    expect(validateEmail(input)).toEqual({ ok: false, code: 'initiator_required' });
    expect(validateEmail(input, 'participant_required')).toEqual({ ok: false, code: 'participant_required' });
  });
});
