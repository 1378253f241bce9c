/** The session's CSRF token as browser code reads it: the `crumb` cookie (DESIGN.md §4). */
export function readCrumbCookie(cookie: string = document.cookie): string | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'crumb') return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
