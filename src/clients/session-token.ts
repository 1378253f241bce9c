/**
 * The token state-changing calls send in the X-CSRF-Token header: the site user's xsrfToken
 * once a login stored it, else the visitor's crumb cookie. Every island's JSON writes (cart,
 * product form, extra fields, page forms, login and logout) take it from here. The token lives
 * in sessionStorage (this tab only, gone with it); where storage is refused it lives in memory
 * for the page. It is used only while the site-user marker cookie says a login is current: a
 * logout in another tab ends the login, and this tab falls back to the crumb instead of
 * sending a token the server no longer accepts.
 */
export const CSRF_HEADER = 'X-CSRF-Token';
export const XSRF_STORAGE_KEY = 'vitrine-xsrf-token';
/** The readable marker the server sets while a site user is logged in (it holds no secret). */
const USER_MARKER_COOKIE = 'vitrine-user';

let memoryToken: string | null = null;

function readCookie(wanted: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === wanted && rest.length > 0) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function readCrumb(): string | undefined {
  return readCookie('crumb');
}

/** The stored xsrfToken while a login is current; a login ended elsewhere forgets it. */
export function storedXsrfToken(): string | null {
  if (readCookie(USER_MARKER_COOKIE) === undefined) {
    if (memoryToken !== null || peekStored() !== null) storeXsrfToken(null);
    return null;
  }
  return peekStored() ?? memoryToken;
}

function peekStored(): string | null {
  try {
    return window.sessionStorage.getItem(XSRF_STORAGE_KEY);
  } catch {
    return null;
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

/** The token to send: the stored xsrfToken, else the crumb; undefined when neither exists. */
export function sessionToken(): string | undefined {
  return storedXsrfToken() ?? readCrumb();
}

/** The header to send: the stored xsrfToken, else the crumb; none when neither exists. */
export function csrfHeaders(): Record<string, string> {
  const token = sessionToken();
  return token === undefined ? {} : { [CSRF_HEADER]: token };
}
