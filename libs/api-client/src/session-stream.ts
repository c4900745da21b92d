import { type BackoffPolicy, LIMITS, type SessionView, backoffMs } from '@idv/contracts';
import { type EventSourceMessage, createParser } from 'eventsource-parser';
import { loadRuntimeConfig } from './runtime-config';

/** Where a live session stream is: opening, delivering, or down (waiting to open again). */
export type SessionStreamState = 'connecting' | 'open' | 'down';

export interface SessionStreamHandlers {
  /** The session as it is now: at once when the stream opens, then after every change. */
  onSession: (session: SessionView) => void;
  onState?: (state: SessionStreamState) => void;
  /** A heartbeat: the session is unchanged as of now. */
  onHeartbeat?: () => void;
}

/** Pauses before opening again after the stream went down: 1 s, doubling, at most 30 s. */
const REOPEN: BackoffPolicy = { firstMs: 1000, maxMs: 30000 };
/** Nothing heard (not even a heartbeat) this long: the stream is taken for dead and opened again. */
const SILENCE_MS = LIMITS.sessionStreamHeartbeatMs * 2.5;
/** Answers after which opening again cannot help: the page's own read shows why. */
const FINAL_STATUSES = new Set([400, 401, 403, 404, 410]);

/**
 * Follows a session live through `GET /api/sessions/:id/events` (Server-Sent Events) until the
 * returned function is called. Read with fetch, because EventSource cannot send the API key and
 * the token as headers; eventsource-parser reads the events. Opens again with back-off whenever
 * the stream ends or goes silent, so a gateway restart or a NATS outage only delays updates;
 * the pages keep a slow poll while the state is not 'open'.
 */
export function watchSession(id: string, token: string | undefined, handlers: SessionStreamHandlers): () => void {
  let stopped = false;
  let attempt = 0;
  let current: AbortController | undefined;
  let pause: ReturnType<typeof setTimeout> | undefined;
  const setState = (state: SessionStreamState) => {
    if (!stopped) handlers.onState?.(state);
  };

  const openAgainLater = () => {
    if (stopped) return;
    setState('down');
    const wait = backoffMs(attempt, REOPEN);
    attempt++;
    pause = setTimeout(() => void open(), wait);
  };

  const open = async () => {
    if (stopped) return;
    setState('connecting');
    const controller = new AbortController();
    current = controller;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), SILENCE_MS);
    };
    try {
      const config = await loadRuntimeConfig();
      const headers: Record<string, string> = { 'x-api-key': config.apiKey, accept: 'text/event-stream' };
      if (token) headers['x-session-token'] = token;
      heard();
      const response = await fetch(`${config.apiBaseUrl}/sessions/${encodeURIComponent(id)}/events`, { headers, signal: controller.signal, cache: 'no-store' });
      if (FINAL_STATUSES.has(response.status)) {
        setState('down');
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      const parser = createParser({
        onEvent: (event: EventSourceMessage) => {
          heard();
          if (event.event === 'heartbeat') handlers.onHeartbeat?.();
          if (event.event !== 'session') return;
          attempt = 0;
          setState('open');
          handlers.onSession(JSON.parse(event.data) as SessionView);
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        parser.feed(value);
      }
    } catch {
      // Refused, dropped or silent: opened again below, unless stopped.
    } finally {
      clearTimeout(silence);
      if (current === controller) current = undefined;
    }
    openAgainLater();
  };

  void open();
  return () => {
    stopped = true;
    clearTimeout(pause);
    current?.abort();
  };
}
