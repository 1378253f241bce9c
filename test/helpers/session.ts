/**
 * A visitor for inject() tests: a cookie jar seeded by a first GET (session + crumb cookies),
 * which sends its cookies and the crumb as X-CSRF-Token on every request and keeps the cookies
 * each response sets (a cleared cookie is dropped), like a browser on one site.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface Visitor {
  readonly cookies: Map<string, string>;
  /** The session's CSRF token (the crumb cookie's value). */
  readonly crumb: string;
  /** Sends a request as this visitor; `csrf: false` leaves the X-CSRF-Token header out. */
  inject(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse>;
}

function keepCookies(jar: Map<string, string>, response: LightMyRequestResponse): void {
  for (const cookie of response.cookies as {
    name: string;
    value: string;
    maxAge?: number;
    expires?: Date;
  }[]) {
    const expired =
      cookie.value === '' ||
      cookie.maxAge === 0 ||
      (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
    if (expired) jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
}

export async function newVisitor(
  app: FastifyInstance,
  firstUrl = '/api/commerce/shopping-cart',
): Promise<Visitor> {
  const jar = new Map<string, string>();
  keepCookies(jar, await app.inject({ url: firstUrl }));
  const crumb = jar.get('crumb');
  if (crumb === undefined) throw new Error(`GET ${firstUrl} set no crumb cookie`);
  return {
    cookies: jar,
    crumb,
    async inject({ csrf = true, headers, ...options }) {
      const response = await app.inject({
        ...options,
        cookies: { ...Object.fromEntries(jar), ...(options.cookies ?? {}) },
        headers: { ...(csrf ? { 'x-csrf-token': crumb } : {}), ...headers },
      });
      keepCookies(jar, response);
      return response;
    },
  };
}
