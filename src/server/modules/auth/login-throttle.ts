/**
 * Failed-login throttling, shared by site users and owners, per account and per client IP.
 *
 * A key (an account or an IP) gets a number of free failures per window; past them each further
 * failure blocks the key for a doubling time, starting at a few seconds (the spec's 429 message is
 * 'Please try again in a few seconds.') and capped. While a key is blocked even the right password
 * is refused, so guessing cannot go faster than the backoff. Counters live in the database so
 * every process shares them.
 *
 * An attempt is counted before its password is checked (`reserveAttempt`), in one statement that
 * also refuses it when the key is blocked: simultaneous guesses each see the ones before them, so
 * sending many at once evaluates no more than the free failures. A success then gives its
 * attempt back (`releaseAttempt`) or clears the account's counter; a failure leaves it counted.
 * Unknown emails are throttled exactly like real ones: the answer never tells them apart.
 *
 * Time is the database's clock (`now()`, one clock for every process) unless the app was given a
 * `ThrottleClock` (services.ts): a test that sends a burst of guesses holds the clock still, so
 * what it counts is attempts, however long the burst's password checks take.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../../shared/errors.ts';
import { schema, type AppDb } from '../../db/index.ts';

export interface ThrottlePolicy {
  /** Failures allowed in a window before blocking starts. */
  readonly freeFailures: number;
  readonly windowSeconds: number;
  /** The first block; each further failure doubles it. */
  readonly firstBlockSeconds: number;
  readonly maxBlockSeconds: number;
}

/** The throttle's time instead of the database's; undefined: the database's `now()`. */
export type ThrottleClock = () => Date;

function timeOf(clock: ThrottleClock | undefined): SQL {
  return clock ? sql`${clock().toISOString()}::timestamptz` : sql`now()`;
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

const { loginThrottle: t } = schema;

/** The failure count after one more attempt: 1 again once the key's window has passed. */
function countAfterAttempt(policy: ThrottlePolicy, now: SQL) {
  const expired = sql`${t.windowStartedAt} < ${now} - make_interval(secs => ${policy.windowSeconds})`;
  return {
    expired,
    count: sql`(case when ${expired} then 1 else ${t.failures} + 1 end)`,
  };
}

/** Blocked from the free failures on, for a time doubling with each further failure, capped. */
function blockAfter(failures: SQL, policy: ThrottlePolicy, now: SQL): SQL {
  return sql`case when ${failures} > ${policy.freeFailures} - 1 then ${now} + make_interval(secs => least(${policy.firstBlockSeconds}::float8 * power(2::float8, (${failures} - ${policy.freeFailures})::float8), ${policy.maxBlockSeconds}::float8)) else null end`;
}

/**
 * Counts one attempt for the key, unless the key is blocked now: true when the attempt may go on,
 * false when it must be refused (429). One statement, so simultaneous attempts cannot slip past.
 */
export async function reserveAttempt(
  db: AppDb,
  key: string,
  policy: ThrottlePolicy,
  clock?: ThrottleClock,
): Promise<boolean> {
  const now = timeOf(clock);
  const { expired, count } = countAfterAttempt(policy, now);
  const taken = await db
    .insert(t)
    .values({
      key,
      failures: 1,
      windowStartedAt: now,
      blockedUntil:
        policy.freeFailures <= 1
          ? sql`${now} + make_interval(secs => ${policy.firstBlockSeconds})`
          : null,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: count,
        windowStartedAt: sql`case when ${expired} then ${now} else ${t.windowStartedAt} end`,
        blockedUntil: blockAfter(count, policy, now),
      },
      // A blocked key is left as it is, and no row comes back: the attempt is refused.
      setWhere: sql`${t.blockedUntil} is null or ${t.blockedUntil} <= ${now}`,
    })
    .returning({ key: t.key });
  return taken.length > 0;
}

/**
 * Counts the attempts for each key in turn; when one is refused, gives back what the others took
 * and throws the spec's 429.
 */
export async function reserveAttempts(
  db: AppDb,
  keys: readonly (readonly [string, ThrottlePolicy])[],
  clock?: ThrottleClock,
): Promise<void> {
  const taken: (readonly [string, ThrottlePolicy])[] = [];
  for (const entry of keys) {
    if (!(await reserveAttempt(db, entry[0], entry[1], clock))) {
      for (const [key, policy] of taken) await releaseAttempt(db, key, policy);
      throw new AppError('RATE_LIMITED');
    }
    taken.push(entry);
  }
}

/** Gives back an attempt that succeeded: it was not a failure, and lifts a block it caused. */
export async function releaseAttempt(
  db: AppDb,
  key: string,
  policy: ThrottlePolicy,
): Promise<void> {
  const remaining = sql`greatest(${t.failures} - 1, 0)`;
  await db
    .update(t)
    .set({
      failures: remaining,
      blockedUntil: sql`case when ${remaining} > ${policy.freeFailures} - 1 then ${t.blockedUntil} else null end`,
    })
    .where(eq(t.key, key));
}

export async function clearLoginFailures(db: AppDb, key: string): Promise<void> {
  await db.delete(t).where(eq(t.key, key));
}
