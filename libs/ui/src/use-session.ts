import type { SessionView } from '@idv/contracts';
import { api, isSessionNotFound } from '@idv/api-client';
import { useCallback, useEffect, useState } from 'react';

export type SessionState =
  | { kind: 'loading' }
  | { kind: 'ready'; session: SessionView }
  | { kind: 'not-found' }
  | { kind: 'error'; error: unknown };

/** Loads a session; errors are kept (not swallowed) so the screen can show them with Retry. */
export function useSession(sessionId: string, token?: string) {
  const [state, setState] = useState<SessionState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    api.getSession(sessionId, token).then(
      (session) => current && setState({ kind: 'ready', session }),
      (error: unknown) => {
        if (!current) return;
        setState(isSessionNotFound(error) ? { kind: 'not-found' } : { kind: 'error', error });
      },
    );
    return () => {
      current = false;
    };
  }, [sessionId, token, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry, setSession: (session: SessionView) => setState({ kind: 'ready', session }) };
}
