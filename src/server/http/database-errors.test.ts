import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors.ts';

describe('isDatabaseUnavailable', () => {
  it('recognises socket failures, connection SQLSTATEs and pool time-outs, wrapped or not', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating'), { code: '57P01' }))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(Object.assign(new Error('no connection'), { code: '08006' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const wrapped = new Error('Failed query: select 1', {
      cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('recognises the lock and statement timeouts (DATABASE_LOCK_TIMEOUT_MS, …_STATEMENT_…)', () => {
    const lock = Object.assign(new Error('canceling statement due to lock timeout'), {
      code: '55P03',
    });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: lock }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('timeout'), { code: '57014' }))).toBe(
      true,
    );
    // Only those exact codes of their classes.
    expect(isDatabaseUnavailable(Object.assign(new Error('in use'), { code: '55006' }))).toBe(
      false,
    );
  });

  it('leaves query errors alone', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' })),
    ).toBe(false);
    expect(isDatabaseUnavailable(new Error('anything else'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
