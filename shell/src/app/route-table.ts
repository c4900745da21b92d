/** Which remote owns a route, by its first path segment (decisions.md, "Architecture"). */
export const REMOTE_BY_SEGMENT: Record<string, RemoteName> = {
  '': 'mf_landing',
  create: 'mf_session',
  join: 'mf_session',
  session: 'mf_session',
  invite: 'mf_session',
  rejected: 'mf_session',
  handoff: 'mf_session',
  verify: 'mf_verify',
  waiting: 'mf_verify',
  results: 'mf_verify',
};

export type RemoteName = 'mf_landing' | 'mf_session' | 'mf_verify';

/** Routes that name a session (or, for handoff, a code): `/verify` alone is no page (it showed nothing), so it is not found. */
const TAKES_SESSION_ID = new Set(['session', 'invite', 'rejected', 'verify', 'waiting', 'results', 'handoff']);

export function remoteForPath(pathname: string): RemoteName | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const firstSegment = segments[0] ?? '';
  if (!Object.prototype.hasOwnProperty.call(REMOTE_BY_SEGMENT, firstSegment)) return undefined;
  if (segments.length !== (TAKES_SESSION_ID.has(firstSegment) ? 2 : firstSegment === '' ? 0 : 1)) return undefined;
  return REMOTE_BY_SEGMENT[firstSegment];
}
