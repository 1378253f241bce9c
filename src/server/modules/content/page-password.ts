/**
 * Visitor passwords of protected pages and collections: scrypt hashes (the site users' hashing)
 * kept in one text column as `scrypt$N$r$p$salt$hash`, the form `vitrine export` writes. A site
 * file may give a password in clear instead; it is hashed here, before anything is stored.
 */
import { createHash } from 'node:crypto';
import type { SiteFile } from '../../../shared/site-file/index.ts';
import { PASSWORD_HASH_PATTERN } from '../../../shared/site-file/index.ts';
import { hashPassword, verifyPassword, type PasswordHash } from '../auth/index.ts';

export function encodePasswordHash(hash: PasswordHash): string {
  return ['scrypt', hash.N, hash.r, hash.p, hash.salt, hash.hash].join('$');
}

export function decodePasswordHash(encoded: string): PasswordHash | undefined {
  if (!PASSWORD_HASH_PATTERN.test(encoded)) return undefined;
  const [, N, r, p, salt, hash] = encoded.split('$');
  if (N === undefined || r === undefined || p === undefined || !salt || !hash) return undefined;
  return { N: Number(N), r: Number(r), p: Number(p), salt, hash };
}

/** True when `password` is the one the encoded hash was made from; false for a broken hash. */
export async function checkPagePassword(password: string, encoded: string): Promise<boolean> {
  const stored = decodePasswordHash(encoded);
  return stored !== undefined && verifyPassword(password, stored);
}

/** Identifies a stored password without revealing it: unlocks made with it carry this. */
export function passwordFingerprint(encoded: string): string {
  return createHash('sha256').update(encoded).digest('base64url');
}

/**
 * The file with every clear `password` of pages and collections replaced by its `passwordHash`
 * (and the site-wide `settings.sitePassword` by `settings.sitePasswordHash`), so a clear
 * password never reaches the database (or an export).
 */
export async function hashSiteFilePasswords(file: SiteFile): Promise<SiteFile> {
  async function hashed<
    T extends { password?: string | undefined; passwordHash?: string | undefined },
  >(record: T): Promise<T> {
    if (record.password === undefined) return record;
    const { password, ...rest } = record;
    return { ...rest, passwordHash: encodePasswordHash(await hashPassword(password)) } as T;
  }
  const website: SiteFile['website'] = { ...file.website, settings: { ...file.website.settings } };
  const { sitePassword } = website.settings;
  if (typeof sitePassword === 'string') {
    delete website.settings.sitePassword;
    website.settings.sitePasswordHash = encodePasswordHash(await hashPassword(sitePassword));
  }
  return {
    ...file,
    website,
    collections: await Promise.all(file.collections.map(hashed)),
    pages: await Promise.all(file.pages.map(hashed)),
  };
}
