import { LIMITS, LIVENESS_MOVES } from '@idv/contracts';
import { LivenessChallengeTokens } from './liveness-challenge-token';

const SECRET = 'a-server-secret-of-at-least-32-characters';
const NOW = new Date('2026-11-26T12:00:00Z');
const PLACE = { sessionId: 'ABCDEFGHJKMN', participantId: 'A'.repeat(22), attempt: 1 };

describe('LivenessChallengeTokens: a challenge only the server makes, for one place and attempt, for 2 minutes', () => {
  const tokens = new LivenessChallengeTokens(SECRET);

  it('issues different moves in a random order, and a token that counts for its place and attempt', () => {
    const { token, terms } = tokens.issue(PLACE, NOW);
    expect(terms.moves).toHaveLength(LIMITS.livenessChallengeMoves);
    expect(new Set(terms.moves).size).toBe(terms.moves.length);
    for (const move of terms.moves) expect(LIVENESS_MOVES).toContain(move);
    expect(terms.expiresAt.toISOString()).toBe('2026-11-26T12:02:00.000Z');
    expect(tokens.verify(token, PLACE, new Date(NOW.getTime() + 119_000))).toEqual({ terms });
  });

  it('draws every order over many challenges, and two challenges never share a token', () => {
    const issued = Array.from({ length: 600 }, () => tokens.issue(PLACE, NOW));
    expect(new Set(issued.map((challenge) => challenge.terms.moves.join(','))).size).toBe(24);
    expect(new Set(issued.map((challenge) => challenge.token)).size).toBe(issued.length);
  });

  it('refuses it after 2 minutes, for another attempt, for another place', () => {
    const { token } = tokens.issue(PLACE, NOW);
    expect(tokens.verify(token, PLACE, new Date(NOW.getTime() + 120_000))).toEqual({ refusal: 'expired' });
    expect(tokens.verify(token, { ...PLACE, attempt: 2 }, NOW)).toEqual({ refusal: 'another_attempt' });
    expect(tokens.verify(token, { ...PLACE, participantId: 'B'.repeat(22) }, NOW)).toEqual({ refusal: 'another_place' });
    expect(tokens.verify(token, { ...PLACE, sessionId: 'ABCDEFGHJKMP' }, NOW)).toEqual({ refusal: 'another_place' });
  });

  it('refuses a token with other moves or a later expiry written in, one made with another secret, and junk', () => {
    const { token } = tokens.issue(PLACE, NOW);
    const [version, body, signature] = token.split('.');
    const fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    const edited = Buffer.from(JSON.stringify({ ...fields, m: ['turn_left', 'turn_right', 'look_up'], e: fields.e + 3_600_000 })).toString('base64url');
    expect(tokens.verify(`${version}.${edited}.${signature}`, PLACE, NOW)).toEqual({ refusal: 'forged' });
    const elsewhere = new LivenessChallengeTokens('another-server-secret-of-32-characters!').issue(PLACE, NOW).token;
    expect(tokens.verify(elsewhere, PLACE, NOW)).toEqual({ refusal: 'forged' });
    for (const junk of ['', 'lc1', 'lc1..', `lc2.${body}.${signature}`, `${token}.more`])
      expect(tokens.verify(junk, PLACE, NOW)).toEqual({ refusal: 'malformed' });
  });
});
