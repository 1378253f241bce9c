/**
 * Page-load ids. GET /api/1/performance/settings hands one out per page load; every page-speed
 * record must carry one. The id is a random UUID plus an HMAC of it under the session secret,
 * so records can only come from pages that asked for settings here, at no storage cost.
 */
import { randomUUID } from 'node:crypto';
import { hmacToken, tokensEqual } from '../../http/session.ts';

const PURPOSE = 'page-load-id';
const SIGNATURE_LENGTH = 22;

export function issuePageLoadId(secret: string): string {
  const id = randomUUID();
  return `${id}.${hmacToken(secret, PURPOSE, id).slice(0, SIGNATURE_LENGTH)}`;
}

export function isIssuedPageLoadId(secret: string, pageLoadId: string): boolean {
  const dot = pageLoadId.lastIndexOf('.');
  if (dot <= 0) return false;
  const id = pageLoadId.slice(0, dot);
  const expected = hmacToken(secret, PURPOSE, id).slice(0, SIGNATURE_LENGTH);
  return tokensEqual(pageLoadId.slice(dot + 1), expected);
}
