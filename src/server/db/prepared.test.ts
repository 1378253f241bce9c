import { describe, expect, it, vi } from 'vitest';
import { preparedPerHandle } from './prepared.ts';
import type { AppDb } from './types.ts';

describe('preparedPerHandle', () => {
  it('prepares once per handle and hands the same statements back', () => {
    const prepare = vi.fn((db: AppDb) => ({ for: db }));
    const statements = preparedPerHandle(prepare);
    const pool = {} as AppDb;
    const transaction = {} as AppDb;
    const first = statements(pool);
    expect(statements(pool)).toBe(first);
    expect(statements(transaction)).not.toBe(first);
    expect(statements(transaction).for).toBe(transaction);
    expect(prepare).toHaveBeenCalledTimes(2);
  });
});
