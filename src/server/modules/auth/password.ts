/**
 * Password hashing with scrypt (node:crypto). Each hash keeps its own random salt and cost
 * parameters, so the cost can be raised for new hashes while old ones still verify, and
 * `needsRehash` tells a login to upgrade a hash made with weaker parameters.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

export interface PasswordHash extends ScryptParams {
  /** base64 of the derived key. */
  readonly hash: string;
  /** base64 of the per-user random salt. */
  readonly salt: string;
}

/** OWASP's scrypt floor is N=2^17 r=8 p=1; 2^15 keeps a login near 50 ms on one core. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is exactly 2^15·8·128.
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<PasswordHash> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return { ...params, hash: key.toString('base64'), salt: salt.toString('base64') };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await derive(password, Buffer.from(stored.salt, 'base64'), stored);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export function needsRehash(
  stored: ScryptParams,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): boolean {
  return stored.N < params.N || stored.r < params.r || stored.p < params.p;
}

let dummy: Promise<PasswordHash> | undefined;

/**
 * Spends the time of one verification when there is no account to check, so a wrong email and a
 * wrong password take as long as each other (no account enumeration by timing).
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword('vitrine-no-such-account');
  await verifyPassword(password, await dummy);
  return false;
}

/** The stored columns (site_users and owner_accounts share them) as a PasswordHash. */
export function fromColumns(row: {
  passwordHash: string;
  passwordSalt: string;
  scryptN: number;
  scryptR: number;
  scryptP: number;
}): PasswordHash {
  return {
    hash: row.passwordHash,
    salt: row.passwordSalt,
    N: row.scryptN,
    r: row.scryptR,
    p: row.scryptP,
  };
}

export function toColumns(hash: PasswordHash): {
  passwordHash: string;
  passwordSalt: string;
  scryptN: number;
  scryptR: number;
  scryptP: number;
} {
  return {
    passwordHash: hash.hash,
    passwordSalt: hash.salt,
    scryptN: hash.N,
    scryptR: hash.r,
    scryptP: hash.p,
  };
}
