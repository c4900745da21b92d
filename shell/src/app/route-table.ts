/** Which remote owns a route, by its first path segment (decisions.md, "Architecture"). */
export const REMOTE_BY_SEGMENT: Record<string, RemoteName> = {
  '': 'mf_landing',
  create: 'mf_session',
  join: 'mf_session',
  session: 'mf_session',
  invite: 'mf_session',
  rejected: 'mf_session',
  verify: 'mf_verify',
  waiting: 'mf_verify',
  results: 'mf_verify',
};

export type RemoteName = 'mf_landing' | 'mf_session' | 'mf_verify';

export function remoteForPath(pathname: string): RemoteName | undefined {
  const firstSegment = pathname.split('/').filter(Boolean)[0] ?? '';
  return Object.prototype.hasOwnProperty.call(REMOTE_BY_SEGMENT, firstSegment) ? REMOTE_BY_SEGMENT[firstSegment] : undefined;
}
