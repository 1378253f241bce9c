/**
 * A call to one of the site's JSON endpoints from the browser, with the visitor's cookies. Never
 * throws: a body that is not JSON (a proxy's error page) leaves only the status to go on, and a
 * network failure is an answer with status 0, so each caller shows its own message.
 */

export interface JsonAnswer {
  readonly ok: boolean;
  readonly status: number;
  readonly body: unknown;
}

export async function callJson(path: string, init: RequestInit): Promise<JsonAnswer> {
  try {
    const response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // The status says enough.
    }
    return { ok: response.ok, status: response.status, body };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}
