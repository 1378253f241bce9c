/**
 * The token state-changing calls send in the X-CSRF-Token header (DESIGN.md §4): the site
 * user's xsrfToken once a login stored it (storefront.md §6), else the visitor's crumb cookie.
 * Other islands may import `csrfHeaders()` for their calls. The token lives in sessionStorage
 * (this tab only, gone with it); where storage is refused it lives in memory for the page.
 */
export const CSRF_HEADER = 'X-CSRF-Token';
export const XSRF_STORAGE_KEY = 'vitrine-xsrf-token';

let memoryToken: string | null = null;

export function readCrumb(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'crumb' && rest.length > 0) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function storedXsrfToken(): string | null {
  try {
    return window.sessionStorage.getItem(XSRF_STORAGE_KEY) ?? memoryToken;
  } catch {
    return memoryToken;
  }
}

/** Keeps the login's xsrfToken (null forgets it, at logout). */
export function storeXsrfToken(token: string | null): void {
  memoryToken = token;
  try {
    if (token === null) window.sessionStorage.removeItem(XSRF_STORAGE_KEY);
    else window.sessionStorage.setItem(XSRF_STORAGE_KEY, token);
  } catch {
    // Storage refused (private mode): the in-memory copy serves this page.
  }
}

/** The header to send: the stored xsrfToken, else the crumb; none when neither exists. */
export function csrfHeaders(): Record<string, string> {
  const token = storedXsrfToken() ?? readCrumb();
  return token === undefined ? {} : { [CSRF_HEADER]: token };
}
