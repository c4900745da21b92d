import { SESSION_CODE_INPUT_PATTERN, formatJoinCodeInput, normalizeSessionCode, parseSessionCode, validateSessionCode } from './session-code';
import { groupedSessionId, isSessionId } from './session-id';

describe('session codes', () => {
  it('normalises case, dashes, spaces and look-alike letters', () => {
    expect(normalizeSessionCode('abcd-efgh-jkmn')).toBe('ABCDEFGHJKMN');
    expect(normalizeSessionCode(' 7q2x 9t4k  ow1l ')).toBe('7Q2X9T4K0W11');
    expect(normalizeSessionCode('oOiIlL')).toBe('001111');
  });

  it('reads a session id in groups of four, which it takes back as the same id', () => {
    expect(groupedSessionId('7Q2X9T4K0W1M')).toBe('7Q2X 9T4K 0W1M');
    expect(normalizeSessionCode(groupedSessionId('7Q2X9T4K0W1M'))).toBe('7Q2X9T4K0W1M');
  });

  it('accepts exactly 12 Crockford base32 characters', () => {
    expect(isSessionId('0123456789AB')).toBe(true);
    expect(isSessionId('0123456789A')).toBe(false);
    expect(isSessionId('0123456789ABC')).toBe(false);
    expect(isSessionId('0123456789AU')).toBe(false);
    expect(isSessionId('0123456789ab')).toBe(false);
    expect(isSessionId({ $gt: '' })).toBe(false);
  });

  it('validates what a person typed', () => {
    expect(validateSessionCode('abcd-efgh-jkmn')).toEqual({ ok: true, value: 'ABCDEFGHJKMN' });
    expect(validateSessionCode('')).toEqual({ ok: false, code: 'session_code_required' });
    expect(validateSessionCode('   ')).toEqual({ ok: false, code: 'session_code_required' });
    expect(validateSessionCode('ABCD-EFGH-JKMU')).toEqual({ ok: false, code: 'session_code_invalid' });
    expect(validateSessionCode('ABC')).toEqual({ ok: false, code: 'session_code_invalid' });
  });

  it('reads a code from anywhere, refusing what is longer than any way of writing one', () => {
    expect(parseSessionCode(' abcd - efgh - jkmn ')).toBe('ABCDEFGHJKMN');
    expect(parseSessionCode(`ABCDEFGHJKMN${' '.repeat(52)}`)).toBe('ABCDEFGHJKMN');
    expect(parseSessionCode(`ABCDEFGHJKMN${' '.repeat(53)}`)).toBeUndefined();
    expect(parseSessionCode(`${'-'.repeat(10 * 1024 * 1024)}ABCDEFGHJKMN`)).toBeUndefined();
    expect(parseSessionCode({ $gt: '' })).toBeUndefined();
    expect(validateSessionCode('-'.repeat(10 * 1024 * 1024))).toEqual({ ok: false, code: 'session_code_invalid' });
  });

  it('formats the join field: upper case, at most 24 characters', () => {
    expect(formatJoinCodeInput('abc-def')).toBe('ABC-DEF');
    expect(formatJoinCodeInput('x'.repeat(23))).toHaveLength(23);
    expect(formatJoinCodeInput('x'.repeat(24))).toHaveLength(24);
    expect(formatJoinCodeInput('x'.repeat(25))).toBe('X'.repeat(24));
  });
});

describe("SESSION_CODE_INPUT_PATTERN (the OpenAPI document's pattern for a session code in a path)", () => {
  const pattern = new RegExp(SESSION_CODE_INPUT_PATTERN);
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzOoIiLlUu -\t_.!é';

  it('matches exactly the codes parseSessionCode takes (20,000 random strings, and the usual forms)', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const samples = ['7Q2X9T4K0W1M', '7q2x-9t4k-0w1m', ' 7Q2X 9T4K 0W1M ', 'OIL0IL0IL0IL', '7Q2X9T4K0W1', '7Q2X9T4K0W1MM', 'UUUUUUUUUUUU'];
    for (let i = 0; i < 20000; i++) {
      const length = 10 + Math.floor(random() * 8);
      samples.push(Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
    }
    const disagreements = samples.filter((sample) => pattern.test(sample) !== (parseSessionCode(sample) !== undefined));
    expect(disagreements).toEqual([]);
    expect(samples.filter((sample) => pattern.test(sample)).length).toBeGreaterThan(10);
  });
});
