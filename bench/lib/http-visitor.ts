/**
 * A visitor over real HTTP, for setting up load: one client address (X-Forwarded-For), a cookie
 * jar seeded by a first GET (session + crumb cookies), and the crumb sent as X-CSRF-Token on
 * every request, as the storefront's scripts do. `loadHeaders()` hands the same identity to a
 * load-generator connection.
 */
import { freshAddress } from './load.ts';

export interface HttpVisitor {
  readonly address: string;
  readonly cookies: ReadonlyMap<string, string>;
  /** The session's CSRF token (the crumb cookie's value). */
  readonly crumb: string;
  /** Sends a request as this visitor and keeps the cookies the answer sets. */
  request(path: string, init?: { method?: string; json?: unknown }): Promise<Response>;
  /** Cookie and X-CSRF-Token headers of this visitor, as they stand now. */
  loadHeaders(): Record<string, string>;
}

function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const header of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = header.split(';');
    const separator = pair.indexOf('=');
    if (separator <= 0) continue;
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const cleared =
      value === '' ||
      attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(setting) < Date.now();
        return false;
      });
    if (cleared) jar.delete(name);
    else jar.set(name, value);
  }
}

function cookieHeader(jar: ReadonlyMap<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export async function newHttpVisitor(server: string, firstPath: string): Promise<HttpVisitor> {
  const address = freshAddress();
  const jar = new Map<string, string>();
  const first = await fetch(server + firstPath, { headers: { 'x-forwarded-for': address } });
  if (!first.ok) throw new Error(`GET ${firstPath} answered ${first.status}`);
  await first.arrayBuffer();
  keepCookies(jar, first);
  const crumb = jar.get('crumb');
  if (crumb === undefined) throw new Error(`GET ${firstPath} set no crumb cookie`);
  const loadHeaders = () => ({ cookie: cookieHeader(jar), 'x-csrf-token': crumb });
  return {
    address,
    cookies: jar,
    crumb,
    loadHeaders,
    async request(path, init = {}) {
      const response = await fetch(server + path, {
        method: init.method ?? 'GET',
        headers: {
          ...loadHeaders(),
          'x-forwarded-for': address,
          ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      });
      keepCookies(jar, response);
      return response;
    },
  };
}
