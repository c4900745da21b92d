import { isSessionId } from '@idv/contracts';

const SESSION_ROUTES = ['session', 'verify', 'results', 'invite'];

/**
 * The session id the header shows: the second segment of /session, /verify, /results, /invite, when
 * it is a session id (whatever else a bad link holds stays out of the header; the page says the
 * session was not found).
 */
export function sessionIdFromPath(pathname: string): string | undefined {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (!first || !second || !SESSION_ROUTES.includes(first)) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(second);
  } catch {
    return undefined;
  }
  return isSessionId(id) ? id : undefined;
}
