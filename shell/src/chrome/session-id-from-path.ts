const SESSION_ROUTES = ['session', 'verify', 'results', 'invite'];

/** The session id the header shows: the second segment of /session, /verify, /results, /invite. */
export function sessionIdFromPath(pathname: string): string | undefined {
  const [first, second] = pathname.split('/').filter(Boolean);
  return first && second && SESSION_ROUTES.includes(first) ? decodeURIComponent(second) : undefined;
}
