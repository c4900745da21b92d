const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * A link the server made for this app (an invitation, a handoff), moved to the address this page
 * was opened at: the server knows only its configured public URL (PUBLIC_APP_URL, `localhost` by
 * default), while the person opened the app where others can reach it too, a LAN address, say, for
 * a phone that scans the QR code. Kept as the server made it when this page is on a loopback address
 * and the server's is not (a configured public URL is the one others can open), or when it cannot be
 * read as a URL.
 */
export function linkOnThisApp(serverLink: string, here: Pick<Location, 'origin' | 'hostname'> = window.location): string {
  let link: URL;
  try {
    link = new URL(serverLink);
  } catch {
    return serverLink;
  }
  if (LOOPBACK.test(here.hostname) && !LOOPBACK.test(link.hostname)) return serverLink;
  return new URL(`${link.pathname}${link.search}${link.hash}`, here.origin).toString();
}
