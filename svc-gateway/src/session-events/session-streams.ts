import { type BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { LIMITS, SUBJECTS, type SessionView } from '@idv/contracts';
import type { Response } from 'express';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';
import { ApiError } from '../errors/api-error';
import { ServiceClient } from '../nats/service-client';
import { SessionChanges } from './session-changes';

/** Who opens a stream, and on what: the session is read with their token, as GET does. */
export interface StreamRequest {
  sessionId: string;
  token?: string;
  /** The client's address (Express `req.ip`, behind the proxies TRUST_PROXY names). */
  client: string;
}

/**
 * Live session streams (Server-Sent Events): the session view at once, then again whenever
 * svc-sessions says the session changed (re-read with the stream's own token, so each stream sees
 * what its token may see; bursts are folded into one read, an unchanged view is not sent), and a
 * heartbeat every LIMITS.sessionStreamHeartbeatMs. Bounded: SESSION_STREAMS_PER_CLIENT per client
 * address (429), SESSION_STREAMS_MAX in all (503), each closed after SESSION_STREAM_MAX_MS (the
 * browser opens it again), every one closed at shutdown.
 */
@Injectable()
export class SessionStreams implements BeforeApplicationShutdown {
  private readonly open = new Set<() => void>();
  private readonly perClient = new Map<string, number>();

  constructor(
    private readonly services: ServiceClient,
    private readonly changes: SessionChanges,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /** Opens a stream on `response`, or throws (nothing written yet) when a limit or the session refuses it. */
  async start({ sessionId, token, client }: StreamRequest, response: Response): Promise<void> {
    if ((this.perClient.get(client) ?? 0) >= this.env.SESSION_STREAMS_PER_CLIENT) {
      throw new ApiError('rate_limited', 'Too many live session streams are open from this address. Close some pages and try again.');
    }
    if (this.open.size >= this.env.SESSION_STREAMS_MAX) {
      throw new ApiError('service_unavailable', 'Too many live session streams are open. The page keeps checking the session on its own.');
    }
    const read = () => this.services.request(SUBJECTS.sessions.get, { sessionId, token, tokenMustHold: true });
    // Read first: an unknown session or a token that holds no place is answered as an error.
    const first = await read();
    // Counted from here: a limit is checked before the read, taken after it (a client may pass
    // it by the reads in flight at once, at most by RATE_LIMIT_MAX).
    this.perClient.set(client, (this.perClient.get(client) ?? 0) + 1);

    response.status(200);
    response.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      // nginx (the shell's, compose's) passes each event on at once instead of buffering it.
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    response.flushHeaders();
    const write = (chunk: string) => void response.write(chunk);
    let lastSent = '';
    const send = (view: SessionView) => {
      const data = JSON.stringify(view);
      if (data === lastSent) return;
      lastSent = data;
      write(`event: session\ndata: ${data}\n\n`);
    };
    write(`retry: 2000\n\n`);
    send(first);

    let reading = false;
    let readAgain = false;
    let closed = false;
    const refresh = async () => {
      if (reading) {
        readAgain = true;
        return;
      }
      reading = true;
      try {
        do {
          readAgain = false;
          try {
            const view = await read();
            if (!closed) send(view);
          } catch (error) {
            // Deleted by retention, or the token no longer holds its place: the stream ends with it.
            const code = error instanceof ApiError ? error.code : undefined;
            if (code === 'session_not_found' || code === 'invalid_token' || code === 'place_moved' || code === 'place_released') return close();
            // Unavailable for now: the next change or NATS coming back reads again.
          }
        } while (readAgain && !closed);
      } finally {
        reading = false;
      }
    };

    const stopListening = this.changes.on(first._id, () => void refresh());
    const stopReconnect = this.changes.onReconnect(() => void refresh());
    const heartbeat = setInterval(() => write(`event: heartbeat\ndata: {}\n\n`), LIMITS.sessionStreamHeartbeatMs);
    const maxAge = setTimeout(() => close(), this.env.SESSION_STREAM_MAX_MS);
    const close = () => {
      if (closed) return;
      closed = true;
      stopListening();
      stopReconnect();
      clearInterval(heartbeat);
      clearTimeout(maxAge);
      this.open.delete(close);
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left > 0) this.perClient.set(client, left);
      else this.perClient.delete(client);
      response.end();
    };
    this.open.add(close);
    response.on('close', close);
  }

  /** How many streams are open (health and tests). */
  get count(): number {
    return this.open.size;
  }

  /** Before the HTTP server closes: it waits for open connections, and a stream never ends by itself. */
  beforeApplicationShutdown(): void {
    for (const close of [...this.open]) close();
  }
}
