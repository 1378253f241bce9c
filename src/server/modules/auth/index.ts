/**
 * The pieces every login shares, owners' and site users' alike: password hashing, the
 * credential check with its failure throttle, and the random secrets behind sessions and
 * tokens. Below both account modules, so neither imports the other.
 */
export type { AccountRouteDeps } from './account-route-deps.ts';
export {
  checkLogin,
  loginExpiry,
  newLogin,
  type AccountKind,
  type LoginAttempt,
  type NewLogin,
} from './log-in.ts';
export {
  ACCOUNT_THROTTLE,
  IP_THROTTLE,
  accountThrottleKey,
  clearLoginFailures,
  ipThrottleKey,
  releaseAttempt,
  reserveAttempt,
  reserveAttempts,
  type ThrottleClock,
  type ThrottlePolicy,
} from './login-throttle.ts';
export {
  DEFAULT_SCRYPT_PARAMS,
  fromColumns,
  hashPassword,
  needsRehash,
  toColumns,
  verifyAgainstNothing,
  verifyPassword,
  type PasswordHash,
  type ScryptParams,
} from './password.ts';
export { newSecret, SECRET_PATTERN, sha256 } from './secrets.ts';
