/**
 * Links inside newsletter emails. Unsubscribe tokens are `<subscriber id>.<HMAC>`: no stored
 * secret, so every email to a subscriber can carry a working link, and a token cannot be
 * made for another subscriber. Confirmation tokens are random and stored hashed (single use).
 */
import { createHash, randomBytes } from 'node:crypto';
import { hmacToken, tokensEqual } from '../../http/session.ts';

/** The newsletter-unsubscribe page (page type 300). */
export const UNSUBSCRIBE_PAGE_PATH = '/newsletter/unsubscribe';
export const CONFIRM_PATH = '/api/vitrine/newsletter/confirm';
/** How long a double opt-in confirmation link works. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const sha256 = (value: string): string =>
  createHash('sha256').update(value).digest('base64url');

export function newConfirmToken(): string {
  return randomBytes(24).toString('base64url');
}

export function unsubscribeToken(secret: string, subscriberId: string): string {
  return `${subscriberId}.${hmacToken(secret, 'newsletter-unsubscribe', subscriberId)}`;
}

/** The subscriber id of a genuine unsubscribe token, else undefined. */
export function readUnsubscribeToken(secret: string, token: string): string | undefined {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 200) return undefined;
  const id = token.slice(0, dot);
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  return tokensEqual(unsubscribeToken(secret, id), token) ? id : undefined;
}

export function confirmUrl(origin: string, token: string): string {
  return `${origin}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
}

export function unsubscribeUrl(origin: string, secret: string, subscriberId: string): string {
  return `${origin}${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(unsubscribeToken(secret, subscriberId))}`;
}
