/**
 * A JSON POST from an island: the session's crumb (the readable `crumb` cookie) goes in the
 * X-CSRF-Token header every state-changing call needs. Never throws: a network failure is an
 * answer with status 0, so each island shows its own message.
 */

export interface JsonAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** The crumb cookie's value, or '' when the browser has none. */
export function readCrumb(cookieText: string): string {
  for (const part of cookieText.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'crumb') return decodeURIComponent(rest.join('='));
  }
  return '';
}

export async function postJson(path: string, payload: unknown): Promise<JsonAnswer> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-csrf-token': readCrumb(document.cookie),
      },
      body: JSON.stringify(payload),
    });
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // A body that is not JSON (a proxy's error page) leaves only the status to go on.
    }
    return { status: response.status, body };
  } catch {
    return { status: 0, body: null };
  }
}
