/**
 * Bearer secrets (login cookies, reset links): 32 random bytes, stored only as their SHA-256,
 * so the database alone never lets anyone in.
 */
import { createHash, randomBytes } from 'node:crypto';

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** What a cookie or link secret must look like before any lookup is spent on it. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
