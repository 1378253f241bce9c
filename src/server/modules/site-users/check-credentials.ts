/**
 * The credential check shared by site-user and owner logins: throttled per account and per IP,
 * the same 401 and the same timing whether the email or the password is wrong.
 */
import { AppError } from '../../../shared/errors.ts';
import type { AppDb } from '../../db/index.ts';
import {
  accountThrottleKey,
  ACCOUNT_THROTTLE,
  assertNotThrottled,
  clearLoginFailures,
  IP_THROTTLE,
  ipThrottleKey,
  recordLoginFailure,
} from './login-throttle.ts';
import { fromColumns, verifyAgainstNothing, verifyPassword } from './password.ts';

type PasswordColumns = Parameters<typeof fromColumns>[0];

export interface CredentialCheck<Account extends PasswordColumns> {
  readonly kind: 'site-user' | 'owner';
  readonly siteId: string;
  readonly email: string;
  readonly password: string;
  readonly ip: string;
  /** Finds the account by its lower-cased email. */
  find(emailKey: string): Promise<Account | undefined>;
}

/** Returns the account whose password matches; throws LOGIN_FAILED or the throttle's 429. */
export async function checkCredentials<Account extends PasswordColumns>(
  db: AppDb,
  check: CredentialCheck<Account>,
): Promise<Account> {
  const emailKey = check.email.toLowerCase();
  const accountKey = accountThrottleKey(check.kind, check.siteId, emailKey);
  const ipKey = ipThrottleKey(check.ip);
  await assertNotThrottled(db, [accountKey, ipKey]);
  const account = await check.find(emailKey);
  // An unknown email still costs one scrypt, so timing does not reveal which accounts exist.
  const valid = account
    ? await verifyPassword(check.password, fromColumns(account))
    : await verifyAgainstNothing(check.password);
  if (!account || !valid) {
    await recordLoginFailure(db, accountKey, ACCOUNT_THROTTLE);
    await recordLoginFailure(db, ipKey, IP_THROTTLE);
    throw new AppError('LOGIN_FAILED');
  }
  await clearLoginFailures(db, accountKey);
  return account;
}
