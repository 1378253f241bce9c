/**
 * A JSON POST from an island: the session's token (a logged-in site user's xsrfToken, else the
 * readable `crumb` cookie) goes in the X-CSRF-Token header every state-changing call needs.
 * Never throws (clients/json-call.ts).
 */
import { callJson, type JsonAnswer } from '../../clients/json-call.ts';
import { sessionToken } from '../../clients/session-token.ts';

export function postJson(path: string, payload: unknown): Promise<JsonAnswer> {
  return callJson(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': sessionToken() ?? '' },
    body: JSON.stringify(payload),
  });
}
