import { api, isSessionNotFound } from '@idv/api-client';
import type { SessionView } from '@idv/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface LiveSession {
  /** The last session read, kept while later checks fail. */
  session?: SessionView;
  notFound: boolean;
  /** The last check's failure, cleared by the next success. */
  error?: unknown;
  checking: boolean;
  lastChecked?: Date;
  checkNow: () => void;
}

/**
 * A session read now and again every `pollMs` while `keepPolling` says so (a check starts only
 * after the previous one ended). Failed checks are kept for the screen to show, and polling goes on.
 */
export function useLiveSession(sessionId: string, options: { token?: string; pollMs: number; keepPolling: (session: SessionView) => boolean }): LiveSession {
  const [state, setState] = useState<Omit<LiveSession, 'checkNow'>>({ notFound: false, checking: true });
  const inFlight = useRef(false);
  const keepPolling = useRef(options.keepPolling);
  keepPolling.current = options.keepPolling;

  const check = useCallback(async (): Promise<SessionView | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setState((s) => ({ ...s, checking: true }));
    try {
      const session = await api.getSession(sessionId, options.token);
      setState({ session, notFound: false, checking: false, lastChecked: new Date() });
      return session;
    } catch (error) {
      setState((s) => ({ ...s, notFound: isSessionNotFound(error), error, checking: false, lastChecked: new Date() }));
      return undefined;
    } finally {
      inFlight.current = false;
    }
  }, [sessionId, options.token]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const loop = async () => {
      const session = await check();
      if (stopped || (session && !keepPolling.current(session))) return;
      timer = setTimeout(() => void loop(), options.pollMs);
    };
    void loop();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [check, options.pollMs]);

  return { ...state, checkNow: () => void check() };
}
