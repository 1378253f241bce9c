/**
 * The credential check shared by site-user and owner logins: throttled per account and per IP,
 * the same 401 and the same timing whether the email or the password is wrong.
 */
import { AppError } from '../../../shared/errors.ts';
import type { AppDb } from '../../db/index.ts';
import {
  accountThrottleKey,
  ACCOUNT_THROTTLE,
  clearLoginFailures,
  IP_THROTTLE,
  ipThrottleKey,
  releaseAttempt,
  reserveAttempts,
  type ThrottleClock,
} from './login-throttle.ts';
import { fromColumns, verifyAgainstNothing, verifyPassword } from './password.ts';

type PasswordColumns = Parameters<typeof fromColumns>[0];

export interface CredentialCheck<Account extends PasswordColumns> {
  readonly kind: 'site-user' | 'owner';
  readonly siteId: string;
  readonly email: string;
  readonly password: string;
  readonly ip: string;
  /** The throttle's time; the database's when undefined (login-throttle.ts). */
  readonly throttleClock?: ThrottleClock | undefined;
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
  // Counted as failures before the password is checked, so simultaneous guesses see each other.
  await reserveAttempts(
    db,
    [
      [accountKey, ACCOUNT_THROTTLE],
      [ipKey, IP_THROTTLE],
    ],
    check.throttleClock,
  );
  const account = await check.find(emailKey);
  // An unknown email still costs one scrypt, so timing does not reveal which accounts exist.
  const valid = account
    ? await verifyPassword(check.password, fromColumns(account))
    : await verifyAgainstNothing(check.password);
  if (!account || !valid) throw new AppError('LOGIN_FAILED');
  // A success clears the account's failures and was never a failure of the address.
  await clearLoginFailures(db, accountKey);
  await releaseAttempt(db, ipKey, IP_THROTTLE);
  return account;
}
