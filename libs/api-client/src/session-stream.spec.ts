/**
 * @jest-environment node
 */
// Node's fetch, Response and streams: jsdom has none of them.
import type { SessionView } from '@idv/contracts';
import { type SessionStreamState, watchSession } from './session-stream';

const config = { apiBaseUrl: 'https://api.example.com/api', apiKey: 'key-1', supportContact: 's' };
const view = (purpose: string) => ({ _id: 'ABCDEFGHJKMN', purpose }) as unknown as SessionView;
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** A stream answer that sends `chunks`, then ends (or stays open while `hold` is pending). */
function streamAnswer(chunks: string[], hold?: Promise<void>): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream({
      async start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        if (hold) await hold;
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
}

describe('live session stream (watchSession)', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    jest.useRealTimers();
  });

  it('sends the API key and the token, hands over each session event, split anywhere, and ignores heartbeats', async () => {
    const requests: { url: string; headers: Record<string, string> }[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const body = event('session', view('first')) + event('heartbeat', {}) + event('session', view('second'));
    global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      if (String(url) === '/config.json') return Response.json(config);
      requests.push({ url: String(url), headers: init?.headers as Record<string, string> });
      return streamAnswer([body.slice(0, 17), body.slice(17, 80), body.slice(80)], held);
    }) as typeof fetch;
    const seen: string[] = [];
    const states: SessionStreamState[] = [];
    const stop = watchSession('ABCDEFGHJKMN', 'tok', { onSession: (s) => seen.push(s.purpose), onState: (s) => states.push(s) });
    await waitFor(() => seen.length === 2);
    expect(seen).toEqual(['first', 'second']);
    expect(states).toEqual(['connecting', 'open', 'open']);
    expect(requests).toEqual([
      { url: 'https://api.example.com/api/sessions/ABCDEFGHJKMN/events', headers: expect.objectContaining({ 'x-api-key': 'key-1', 'x-session-token': 'tok' }) },
    ]);
    stop();
    release();
  });

  it('opens again after the stream ends, waiting longer each time it fails, and stops for good when told', async () => {
    jest.useFakeTimers();
    let opened = 0;
    global.fetch = jest.fn(async (url: string | URL | Request) => {
      if (String(url) === '/config.json') return Response.json(config);
      opened++;
      if (opened === 1) return streamAnswer([event('session', view('before'))]);
      return new Response('{}', { status: 503 });
    }) as typeof fetch;
    const seen: string[] = [];
    const stop = watchSession('ABCDEFGHJKMN', undefined, { onSession: (s) => seen.push(s.purpose) });
    await jest.advanceTimersByTimeAsync(10);
    expect(seen).toEqual(['before']);
    expect(opened).toBe(1);
    // Delivered, then ended: opened again after the first pause (1 s)...
    await jest.advanceTimersByTimeAsync(1000);
    expect(opened).toBe(2);
    // ... then refused: 2 s, then 4 s (the clock is 10 ms past each opening).
    await jest.advanceTimersByTimeAsync(1980);
    expect(opened).toBe(2);
    await jest.advanceTimersByTimeAsync(20);
    expect(opened).toBe(3);
    await jest.advanceTimersByTimeAsync(3980);
    expect(opened).toBe(3);
    await jest.advanceTimersByTimeAsync(20);
    expect(opened).toBe(4);
    stop();
    await jest.advanceTimersByTimeAsync(120000);
    expect(opened).toBe(4);
  });

  it('does not open again when the session is gone or the token refused (the page shows why)', async () => {
    jest.useFakeTimers();
    let opened = 0;
    global.fetch = jest.fn(async (url: string | URL | Request) => {
      if (String(url) === '/config.json') return Response.json(config);
      opened++;
      return new Response('{}', { status: 404 });
    }) as typeof fetch;
    const states: SessionStreamState[] = [];
    watchSession('ABCDEFGHJKMN', undefined, { onSession: () => undefined, onState: (s) => states.push(s) });
    await jest.advanceTimersByTimeAsync(120000);
    expect(opened).toBe(1);
    expect(states).toEqual(['connecting', 'down']);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('condition not met');
}
