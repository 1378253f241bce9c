/**
 * A JSON POST from an island: the session's token (a logged-in site user's xsrfToken, else the
 * readable `crumb` cookie) goes in the X-CSRF-Token header every state-changing call needs. Never throws: a network failure is an
 * answer with status 0, so each island shows its own message.
 */
import { sessionToken } from '../../clients/session-token.ts';

export interface JsonAnswer {
  readonly status: number;
  readonly body: unknown;
}

export async function postJson(path: string, payload: unknown): Promise<JsonAnswer> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-csrf-token': sessionToken() ?? '',
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
