/**
 * Site-user login and logout calls (docs/behaviour/accounts-and-login.md#login-and-logout):
 * - POST /api/site-users/account/session { email, password, rememberMe } → { xsrfToken }, kept
 *   and sent as the X-CSRF-Token header on later calls;
 * - DELETE /api/site-users/account/session?cloneCart=… , retried once when the answer reports
 *   crumbFail (the stored token was stale; the retry sends the crumb the server just re-sent).
 * Both answer data, never throw: a refusal carries the server's message for the form.
 */
import {
  csrfHeaders,
  CSRF_HEADER,
  readCrumb,
  storeXsrfToken,
} from '../../clients/session-token.ts';

export const SESSION_PATH = '/api/site-users/account/session';
const FALLBACK_MESSAGE = 'Please try again in a few seconds.';

export type SessionResult =
  { readonly ok: true } | { readonly ok: false; readonly message: string };

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    const message = body.error?.message;
    return typeof message === 'string' && message !== '' ? message : FALLBACK_MESSAGE;
  } catch {
    return FALLBACK_MESSAGE;
  }
}

export interface Credentials {
  readonly email: string;
  readonly password: string;
  readonly rememberMe: boolean;
}

export async function login(
  credentials: Credentials,
  fetchImpl: typeof fetch = fetch,
): Promise<SessionResult> {
  try {
    const response = await fetchImpl(SESSION_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...csrfHeaders() },
      body: JSON.stringify(credentials),
    });
    if (!response.ok) return { ok: false, message: await messageOf(response) };
    const { xsrfToken } = (await response.json()) as { xsrfToken?: unknown };
    if (typeof xsrfToken === 'string') storeXsrfToken(xsrfToken);
    return { ok: true };
  } catch {
    return { ok: false, message: FALLBACK_MESSAGE };
  }
}

async function isCrumbFail(response: Response): Promise<boolean> {
  try {
    const body = (await response.clone().json()) as { crumbFail?: unknown };
    return body.crumbFail === true;
  } catch {
    return false;
  }
}

export async function logout(
  options: { readonly cloneCart: boolean },
  fetchImpl: typeof fetch = fetch,
): Promise<SessionResult> {
  const url = `${SESSION_PATH}?cloneCart=${String(options.cloneCart)}`;
  const send = (headers: Record<string, string>) =>
    fetchImpl(url, {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...headers },
    });
  try {
    let response = await send(csrfHeaders());
    if (await isCrumbFail(response)) {
      // Once only: the stored token is forgotten and the fresh crumb cookie sent instead.
      storeXsrfToken(null);
      const crumb = readCrumb();
      response = await send(crumb === undefined ? {} : { [CSRF_HEADER]: crumb });
    }
    if (!response.ok) return { ok: false, message: await messageOf(response) };
    storeXsrfToken(null);
    return { ok: true };
  } catch {
    return { ok: false, message: FALLBACK_MESSAGE };
  }
}
