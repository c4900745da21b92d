import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { GatewayEnv } from '../config/env';

/** Who calls, by the `x-api-key` they send: a page of the browser app, or a named server-side client. */
export type ApiCaller = { kind: 'browser' } | { kind: 'server'; name: string };

export type ApiKeyCheck = { caller: ApiCaller } | { refusal: string };

export const MISSING_OR_WRONG_KEY = 'A valid API key (x-api-key) is required';
export const BROWSER_KEY_OUTSIDE_APP = "The browser key is accepted only from the app's pages (an allowed Origin); server-side clients use a secret key";

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The two kinds of keys. `API_KEY` is publishable: every visitor gets it in the app's /config.json,
 * so it is accepted only from the app's pages, as the browser says: an `Origin` in CORS_ORIGINS, or
 * `Sec-Fetch-Site: same-origin` where the API is served on the page's own origin (compose: the
 * shell's nginx proxies /api; a same-origin GET carries no Origin). It stops other sites from using the key in
 * their visitors' browsers; a script can send any header, which is why servers get secret keys:
 * `API_SECRET_KEYS`, several at once, each named (the logs show the name, never the key). Every key
 * is compared as a SHA-256 digest in constant time, and all of them each time.
 */
export class ApiKeys {
  private readonly browser: Buffer;
  private readonly secrets: { name: string; digest: Buffer }[];
  private readonly origins: Set<string>;

  constructor(env: Pick<GatewayEnv, 'API_KEY' | 'API_SECRET_KEYS' | 'CORS_ORIGINS'>) {
    this.browser = digest(env.API_KEY);
    this.secrets = env.API_SECRET_KEYS.map(({ name, key }) => ({ name, digest: digest(key) }));
    this.origins = new Set(env.CORS_ORIGINS);
  }

  /** What each request's headers were found to be: several parts ask (limits, guard, before-body checks). */
  private readonly checked = new WeakMap<IncomingHttpHeaders, ApiKeyCheck>();

  /** Who calls, by the request's headers; worked out once per request. */
  check(headers: IncomingHttpHeaders): ApiKeyCheck {
    let check = this.checked.get(headers);
    if (!check) this.checked.set(headers, (check = this.checkOnce(headers)));
    return check;
  }

  private checkOnce(headers: IncomingHttpHeaders): ApiKeyCheck {
    const key = headers['x-api-key'];
    if (typeof key !== 'string') return { refusal: MISSING_OR_WRONG_KEY };
    const given = digest(key);
    let server: string | undefined;
    for (const secret of this.secrets) if (timingSafeEqual(given, secret.digest)) server = secret.name;
    const browser = timingSafeEqual(given, this.browser);
    if (server !== undefined) return { caller: { kind: 'server', name: server } };
    if (!browser) return { refusal: MISSING_OR_WRONG_KEY };
    return this.fromAppPage(headers) ? { caller: { kind: 'browser' } } : { refusal: BROWSER_KEY_OUTSIDE_APP };
  }

  /** Browsers set both headers themselves; a page cannot forge them. */
  private fromAppPage(headers: IncomingHttpHeaders): boolean {
    const origin = headers.origin;
    return (typeof origin === 'string' && this.origins.has(origin)) || headers['sec-fetch-site'] === 'same-origin';
  }
}
