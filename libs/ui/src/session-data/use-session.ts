import type { SessionView } from '@idv/contracts';
import { api, isSessionNotFound } from '@idv/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

/** A session as a screen reads it (TanStack Query underneath: one read at a time, results cached per screen). */
export interface SessionRead {
  /** The last session read, kept while later reads fail. */
  session?: SessionView;
  /** The session does not exist (or the id is not one). */
  notFound: boolean;
  /** The last read's failure, cleared by the next success. */
  error?: unknown;
  /** A read is under way. */
  checking: boolean;
  lastChecked?: Date;
  /** Reads again now (not when a read is already under way). */
  checkNow: () => void;
}

export interface SessionReadOptions {
  /** The token of the place this browser holds: the initiator's reveals the e-mails. */
  token?: string;
  /**
   * Read again every `everyMs` while `until` is false for the last session read (failed reads go on
   * being retried), but only while the live stream is not open: the stream brings every change at
   * once, the poll is its fallback.
   */
  poll?: { everyMs: number; until: (session: SessionView) => boolean };
}

/**
 * Reads a session, follows it live (GET /api/sessions/:id/events: every change lands in the cache
 * at once), and polls while `poll` says so and the stream is not open. Errors are kept (not
 * swallowed), so the screen can show them with Retry.
 */
export function useSession(sessionId: string, { token, poll }: SessionReadOptions = {}): SessionRead {
  const until = useRef(poll?.until);
  until.current = poll?.until;
  const client = useQueryClient();
  const queryKey = [...sessionKey(sessionId), token ?? null];
  const [streamOpen, setStreamOpen] = useState(false);
  // The stream's heartbeat says the session is unchanged as of then: "last checked" moves with it.
  const [heardAt, setHeardAt] = useState(0);
  useEffect(() => {
    const key = [...sessionKey(sessionId), token ?? null];
    const stop = api.watchSession(sessionId, token, {
      onSession: (view) => client.setQueryData(key, view),
      onState: (state) => setStreamOpen(state === 'open'),
      onHeartbeat: () => setHeardAt(Date.now()),
    });
    return () => {
      stop();
      setStreamOpen(false);
    };
  }, [client, sessionId, token]);
  const query = useQuery({
    queryKey,
    queryFn: () => api.getSession(sessionId, token),
    refetchInterval: poll && !streamOpen ? (current) => (current.state.data && until.current?.(current.state.data) ? false : poll.everyMs) : false,
  });
  const lastChecked = Math.max(query.dataUpdatedAt, query.errorUpdatedAt, streamOpen ? heardAt : 0);
  return {
    session: query.data,
    notFound: query.error !== null && isSessionNotFound(query.error),
    error: query.error ?? undefined,
    checking: query.isFetching,
    lastChecked: lastChecked > 0 ? new Date(lastChecked) : undefined,
    checkNow: () => void query.refetch({ cancelRefetch: false }),
  };
}

const sessionKey = (sessionId: string) => ['session', sessionId];

/**
 * After an action that changes a session (a submission, a decline): forgets what this module read
 * of it, so that the next screen shows it as it is now, never an outcome from before the action.
 */
export function useForgetSession(): (sessionId: string) => void {
  const client = useQueryClient();
  return (sessionId) => client.removeQueries({ queryKey: sessionKey(sessionId) });
}
