import { describe, expect, it } from 'vitest';
import type { AppTx, Database } from '../../db/index.ts';
import {
  CART_TRANSACTION_ATTEMPTS,
  inCartTransaction,
  isRetryableConflict,
} from './cart-transaction.ts';

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

/** A Database whose transactions run fn with a dummy tx; only withTransaction is used. */
function fakeDatabase(): Database {
  return {
    withTransaction: <T>(fn: (tx: AppTx) => Promise<T>) => fn({} as AppTx),
  } as unknown as Database;
}

describe('isRetryableConflict', () => {
  it('recognises deadlocks and serialization failures, also wrapped in a cause', () => {
    expect(isRetryableConflict(deadlock)).toBe(true);
    expect(isRetryableConflict(new Error('query failed', { cause: { code: '40001' } }))).toBe(true);
    expect(isRetryableConflict(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
    expect(isRetryableConflict('nope')).toBe(false);
  });
});

describe('inCartTransaction', () => {
  it('runs a deadlocked attempt again, up to the limit', async () => {
    let calls = 0;
    const result = await inCartTransaction(fakeDatabase(), async () => {
      calls += 1;
      if (calls < CART_TRANSACTION_ATTEMPTS) throw deadlock;
      return 'done';
    });
    expect(result).toBe('done');
    expect(calls).toBe(CART_TRANSACTION_ATTEMPTS);
    calls = 0;
    await expect(
      inCartTransaction(fakeDatabase(), async () => {
        calls += 1;
        throw deadlock;
      }),
    ).rejects.toBe(deadlock);
    expect(calls).toBe(CART_TRANSACTION_ATTEMPTS);
  });

  it('never repeats other failures (refusals, bugs)', async () => {
    let calls = 0;
    await expect(
      inCartTransaction(fakeDatabase(), async () => {
        calls += 1;
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(calls).toBe(1);
  });
});
