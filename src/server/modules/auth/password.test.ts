import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT_PARAMS,
  fromColumns,
  hashPassword,
  needsRehash,
  toColumns,
  verifyAgainstNothing,
  verifyPassword,
} from './password.ts';

const CHEAP = { N: 1024, r: 8, p: 1 };

describe('password hashing (scrypt)', () => {
  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse', CHEAP);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts each hash: the same password hashes differently', async () => {
    const a = await hashPassword('same password', CHEAP);
    const b = await hashPassword('same password', CHEAP);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(Buffer.from(a.salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(a.hash, 'base64')).toHaveLength(32);
  });

  it('keeps the parameters with the hash, so old hashes verify after the default rises', async () => {
    const stored = await hashPassword('pw', { N: 2048, r: 4, p: 2 });
    expect(stored).toMatchObject({ N: 2048, r: 4, p: 2 });
    expect(await verifyPassword('pw', fromColumns(toColumns(stored)))).toBe(true);
    expect(needsRehash(stored)).toBe(true);
    expect(needsRehash(DEFAULT_SCRYPT_PARAMS)).toBe(false);
  });

  it('hashes with the default cost N=2^15, r=8, p=1', async () => {
    const stored = await hashPassword('pw');
    expect(stored).toMatchObject({ N: 32768, r: 8, p: 1 });
    expect(await verifyPassword('pw', stored)).toBe(true);
  });

  it('treats Unicode compositions of the same text as the same password', async () => {
    const stored = await hashPassword('caf\u00e9', CHEAP);
    expect(await verifyPassword('cafe\u0301', stored)).toBe(true);
  });

  it('spends a verification when there is no account, and fails', async () => {
    expect(await verifyAgainstNothing('anything')).toBe(false);
  });

  it('refuses a tampered hash', async () => {
    const stored = await hashPassword('pw', CHEAP);
    expect(
      await verifyPassword('pw', { ...stored, hash: Buffer.alloc(32).toString('base64') }),
    ).toBe(false);
    expect(
      await verifyPassword('pw', { ...stored, hash: Buffer.alloc(16).toString('base64') }),
    ).toBe(false);
  });
});
