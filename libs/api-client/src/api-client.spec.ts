import { api } from './api-client';
import { ApiCallError } from './api-error';
import { sessionStore } from './session-storage';

type Call = { url: string; init: RequestInit };

function fakeFetch(answers: Record<string, () => Response | Promise<Response>>) {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const key = String(url);
    calls.push({ url: key, init: init ?? {} });
    const answer = Object.entries(answers).find(([prefix]) => key.startsWith(prefix))?.[1];
    if (!answer) throw new TypeError('Failed to fetch');
    return answer();
  }) as typeof fetch;
  return calls;
}

/** The members of a fetch Response the client uses (jsdom has no Response). */
const json = (status: number, body: unknown) =>
  ({
    ok: status >= 200 && status < 300,
    status,
    statusText: String(status),
    json: async () => body,
    text: async () => JSON.stringify(body),
  }) as unknown as Response;
const config = () => json(200, { apiBaseUrl: 'https://api.example.com/api', apiKey: 'key-1', supportContact: 's' });

describe('api client', () => {
  it('sends the API key and the session token, and returns the body', async () => {
    const calls = fakeFetch({ '/config.json': config, 'https://api.example.com/api/sessions/ABC': () => json(200, { _id: 'ABC' }) });
    await expect(api.getSession('ABC', 'tok')).resolves.toEqual({ _id: 'ABC' });
    const request = calls.find((c) => c.url.includes('/sessions/'))!;
    expect(request.init.headers).toMatchObject({ 'x-api-key': 'key-1', 'x-session-token': 'tok' });
  });

  it('turns an error answer into its code, status and fields', async () => {
    fakeFetch({
      '/config.json': config,
      'https://api.example.com/api/sessions': () =>
        json(400, { statusCode: 400, error: 'Bad Request', message: 'Please enter a valid email address', code: 'validation_failed', fields: { x: 'y' } }),
    });
    const error = await api.createSession({ initiator: 'A', participants: [], purpose: 'p', termsAccepted: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ code: 'validation_failed', status: 400, fields: { x: 'y' } });
  });

  it('says network when the server cannot be reached', async () => {
    fakeFetch({ '/config.json': config });
    await expect(api.getSession('ABC')).rejects.toMatchObject({ code: 'network', status: 0 });
  });

  describe('changes: an Idempotency-Key, and the same key again when the answer was lost', () => {
    const claim = () => api.claimParticipant('ABC', 'p1', { email: 'bo@example.com', termsAccepted: true });
    const keysSent = (calls: Call[]) => calls.filter((c) => c.url.includes('/claim')).map((c) => (c.init.headers as Record<string, string>)['idempotency-key']);

    afterEach(() => jest.useRealTimers());

    it('sends a fresh random key with every change, and none with a read', async () => {
      const calls = fakeFetch({ '/config.json': config, 'https://api.example.com/api/sessions': () => json(200, { participantToken: 't' }) });
      await claim();
      await claim();
      await api.getSession('ABC');
      const [first, second] = keysSent(calls);
      expect(first).toMatch(/^[0-9a-f]{32}$/);
      expect(second).toMatch(/^[0-9a-f]{32}$/);
      expect(second).not.toBe(first);
      const read = calls.find((c) => c.url.endsWith('/sessions/ABC'))!;
      expect(read.init.headers).not.toHaveProperty('idempotency-key');
    });

    it('sends the change again with the same key after a 504 and a lost connection, and returns the answer', async () => {
      jest.useFakeTimers();
      const answers = [
        () => json(504, { code: 'service_timeout', message: 'slow' }),
        () => Promise.reject(new TypeError('Failed to fetch')),
        () => json(200, { participantToken: 't' }),
      ];
      const calls = fakeFetch({ '/config.json': config, 'https://api.example.com/api/sessions': () => answers.shift()!() });
      const result = claim();
      await jest.advanceTimersByTimeAsync(5000);
      await expect(result).resolves.toEqual({ participantToken: 't' });
      const keys = keysSent(calls);
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(1);
    });

    it('gives up after three tries, and never repeats a refusal', async () => {
      jest.useFakeTimers();
      const timeouts = fakeFetch({
        '/config.json': config,
        'https://api.example.com/api/sessions': () => json(503, { code: 'service_unavailable', message: 'down' }),
      });
      const failing = claim().catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(5000);
      expect(await failing).toMatchObject({ code: 'service_unavailable' });
      expect(keysSent(timeouts)).toHaveLength(3);

      const refused = fakeFetch({
        '/config.json': config,
        'https://api.example.com/api/sessions': () => json(409, { code: 'participant_already_claimed', message: 'taken' }),
      });
      await expect(claim()).rejects.toMatchObject({ code: 'participant_already_claimed' });
      expect(keysSent(refused)).toHaveLength(1);
    });
  });

  it('does not trust an unknown error code', async () => {
    fakeFetch({ '/config.json': config, 'https://api.example.com': () => json(502, { code: 'teapot', message: 'x' }) });
    await expect(api.getSession('ABC')).rejects.toMatchObject({ code: 'internal_error', status: 502 });
  });
});

describe('session storage', () => {
  it('keeps tokens per session for the browser and the chosen participant per tab', () => {
    sessionStore.setInitiatorToken('S1', 'init');
    sessionStore.setParticipantToken('S1', 'p1', 'tok1');
    sessionStore.setChosenParticipant('S1', { _id: 'p1', name: 'Bo' });
    expect(sessionStore.initiatorToken('S1')).toBe('init');
    expect(sessionStore.participantToken('S1', 'p1')).toBe('tok1');
    expect(sessionStore.participantToken('S2', 'p1')).toBeUndefined();
    expect(sessionStore.chosenParticipant('S1')).toEqual({ _id: 'p1', name: 'Bo' });
    expect(JSON.parse(localStorage.getItem('idv.tokens.S1')!)).toEqual({ initiator: 'init', participants: { p1: 'tok1' } });
    expect(sessionStorage.getItem('idv.participant.S1')).not.toBeNull();
  });
});
