/**
 * Failed-login throttling, shared by site users and owners, per account and per client IP.
 *
 * A key (an account or an IP) gets a number of free failures per window; past them each further
 * failure blocks the key for a doubling time, starting at a few seconds (the spec's 429 message is
 * 'Please try again in a few seconds.') and capped. While a key is blocked even the right password
 * is refused, so guessing cannot go faster than the backoff. Counters live in the database so
 * every process shares them; a success clears the account's counter (not the IP's).
 * Unknown emails are throttled exactly like real ones: the answer never tells them apart.
 */
import { inArray, sql, eq, and, gt } from 'drizzle-orm';
import { AppError } from '../../../shared/errors.ts';
import { schema, type AppDb } from '../../db/index.ts';

const { loginThrottle } = schema;

export interface ThrottlePolicy {
  /** Failures allowed in a window before blocking starts. */
  readonly freeFailures: number;
  readonly windowSeconds: number;
  /** The first block; each further failure doubles it. */
  readonly firstBlockSeconds: number;
  readonly maxBlockSeconds: number;
}

export const ACCOUNT_THROTTLE: ThrottlePolicy = {
  freeFailures: 5,
  windowSeconds: 15 * 60,
  firstBlockSeconds: 5,
  maxBlockSeconds: 15 * 60,
};

export const IP_THROTTLE: ThrottlePolicy = {
  freeFailures: 20,
  windowSeconds: 15 * 60,
  firstBlockSeconds: 5,
  maxBlockSeconds: 15 * 60,
};

export function accountThrottleKey(
  kind: 'site-user' | 'owner',
  siteId: string,
  emailKey: string,
): string {
  return `${kind}:${siteId}:${emailKey}`;
}

export function ipThrottleKey(ip: string): string {
  return `ip:${ip}`;
}

/** Refuses with 429 (the spec's message) when any of the keys is blocked now. */
export async function assertNotThrottled(db: AppDb, keys: readonly string[]): Promise<void> {
  const [blocked] = await db
    .select({ key: loginThrottle.key })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, [...keys]), gt(loginThrottle.blockedUntil, sql`now()`)))
    .limit(1);
  if (blocked) throw new AppError('RATE_LIMITED');
}

/** Counts one failure for the key in one statement (no read-then-write race between processes). */
export async function recordLoginFailure(
  db: AppDb,
  key: string,
  policy: ThrottlePolicy,
): Promise<void> {
  const t = loginThrottle;
  const expired = sql`${t.windowStartedAt} < now() - make_interval(secs => ${policy.windowSeconds})`;
  const count = sql`(case when ${expired} then 1 else ${t.failures} + 1 end)`;
  const block = (failures: ReturnType<typeof sql>) =>
    sql`case when ${failures} > ${policy.freeFailures} - 1 then now() + make_interval(secs => least(${policy.firstBlockSeconds}::float8 * power(2::float8, (${failures} - ${policy.freeFailures})::float8), ${policy.maxBlockSeconds}::float8)) else null end`;
  await db
    .insert(t)
    .values({
      key,
      failures: 1,
      blockedUntil:
        policy.freeFailures <= 1
          ? sql`now() + make_interval(secs => ${policy.firstBlockSeconds})`
          : null,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: count,
        windowStartedAt: sql`case when ${expired} then now() else ${t.windowStartedAt} end`,
        blockedUntil: block(count),
      },
    });
}

export async function clearLoginFailures(db: AppDb, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
