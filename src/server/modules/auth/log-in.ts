/**
 * The steps every login takes, owners' and site users' alike: find the site's account by its
 * email, check the password under the failure throttle (check-credentials.ts: one 401 message
 * and the same timing for a wrong email or password, 429 past the throttle), and mint the new
 * login — its id, the secret its cookie carries and the hash stored in place of that secret.
 * What differs stays with each caller: the other columns of its session row, its cookies and
 * what its answer holds.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import { checkCredentials } from './check-credentials.ts';
import type { ThrottleClock } from './login-throttle.ts';
import { newSecret, sha256 } from './secrets.ts';

const ACCOUNTS = { owner: schema.ownerAccounts, 'site-user': schema.siteUsers } as const;

export type AccountKind = keyof typeof ACCOUNTS;
type AccountOf<Kind extends AccountKind> = (typeof ACCOUNTS)[Kind]['$inferSelect'];

export interface LoginAttempt<Kind extends AccountKind> {
  readonly kind: Kind;
  readonly siteId: string;
  readonly email: string;
  readonly password: string;
  readonly ip: string;
  /** The failure throttle's time; the database's when undefined (login-throttle.ts). */
  readonly throttleClock?: ThrottleClock | undefined;
}

/** The site's account of that kind whose password matches; throws LOGIN_FAILED or a 429. */
export async function checkLogin<Kind extends AccountKind>(
  db: AppDb,
  attempt: LoginAttempt<Kind>,
): Promise<AccountOf<Kind>> {
  // Both tables share the columns read here; the row comes back as the kind's own account.
  const accounts = ACCOUNTS[attempt.kind] as typeof schema.siteUsers;
  return checkCredentials(db, {
    ...attempt,
    find: async (emailKey) =>
      (
        await db
          .select()
          .from(accounts)
          .where(and(eq(accounts.siteId, attempt.siteId), eq(accounts.emailKey, emailKey)))
          .limit(1)
      )[0] as AccountOf<Kind> | undefined,
  });
}

/** A new login: its row's id, the secret for its cookie, and the hash the row keeps instead. */
export interface NewLogin {
  readonly id: string;
  readonly secret: string;
  readonly tokenHash: string;
}

export function newLogin(): NewLogin {
  const secret = newSecret();
  return { id: randomUUID(), secret, tokenHash: sha256(secret) };
}

/** The end of a login made now that lasts this many seconds (the database's clock). */
export function loginExpiry(seconds: number): SQL {
  return sql`now() + make_interval(secs => ${seconds})`;
}
