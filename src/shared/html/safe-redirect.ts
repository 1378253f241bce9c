/**
 * Where the site may send a visitor (docs/behaviour/api-and-data-rules.md#redirects: redirects go only to the same site or an
 * allow-listed host). Used when a site file or an owner sets a form's successRedirect, and by
 * pages that take a `returnTo`: anything else would make the site an open redirect.
 */

const BASE = 'http://site.invalid';

/**
 * A path on this site (`/thanks?x=1`), normalised, or undefined for anything that could leave
 * it: `//host`, `/\host`, a scheme (`javascript:`, `https:`), or text that is not a path.
 */
export function sameSitePath(value: string | undefined): string | undefined {
  if (value === undefined || !value.startsWith('/')) return undefined;
  if (value.startsWith('//') || value.includes('\\')) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : undefined;
}

/**
 * A redirect target the site may use: a path on this site, or an http(s) URL whose host is one
 * of `allowedHosts` (compared without case). Undefined when it is neither.
 */
export function allowedRedirect(
  value: string,
  allowedHosts: readonly string[],
): string | undefined {
  const path = sameSitePath(value);
  if (path !== undefined) return path;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  const host = url.hostname.toLowerCase();
  return allowedHosts.some((allowed) => allowed.toLowerCase() === host) ? url.href : undefined;
}
