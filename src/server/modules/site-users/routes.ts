/**
 * Site-user routes: the storefront's login and logout (docs/behaviour/accounts-and-login.md#login-and-logout) and Vitrine's account,
 * password-reset endpoints, plus the hook that resolves the logged-in user of every request.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import type { Mailer } from '../mail/index.ts';
import type { PublicOrigin } from '../../http/public-origin.ts';
import type { ThrottleClock } from '../auth/index.ts';
import { createAccountHandler } from './create-account.ts';
import { registerCurrentSiteUser } from './current-user.ts';
import type { SiteUserDeps } from './deps.ts';
import { loginHandler } from './login.ts';
import { logoutHandler } from './logout.ts';
import { completeResetHandler, requestResetHandler } from './password-reset.ts';

export const SITE_USER_SESSION_PATH = '/api/site-users/account/session';
export const ACCOUNTS_PATH = '/api/vitrine/site-users/accounts';
export const PASSWORD_RESET_PATH = '/api/vitrine/site-users/password-reset';

/** Per-IP ceilings on the endpoints that hash passwords or send mail (failed logins have their own throttle). */
export const LOGIN_RATE_LIMIT = { max: 60, timeWindow: 60_000 };
export const ACCOUNT_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

export interface AccountRouteDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
  readonly config: Pick<Config, 'sessionSecret'>;
  /** The process's mailer and link origin (services.ts). */
  readonly mailer: Mailer;
  readonly publicOrigin: PublicOrigin;
  /** The login throttle's time (services.ts); the database's when undefined. */
  readonly throttleClock?: ThrottleClock | undefined;
}

/**
 * Registers site users (login, its hook, account endpoints) and returns what the
 * account pages need to run the same operations. Called before the
 * other modules' routes: its onRequest hooks must run before the CSRF check of every route.
 */
export function registerAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): SiteUserDeps {
  const siteUserDeps: SiteUserDeps = {
    database: deps.database,
    sites: deps.sites,
    secret: deps.config.sessionSecret,
    publicOrigin: deps.publicOrigin,
    mailer: deps.mailer,
    throttleClock: deps.throttleClock,
  };
  registerCurrentSiteUser(app, siteUserDeps);
  app.post(
    SITE_USER_SESSION_PATH,
    { config: { rateLimit: LOGIN_RATE_LIMIT, site: 'required' } },
    loginHandler(siteUserDeps),
  );
  // The crumb is checked by the handler: a mismatch answers { crumbFail: true } for the retry.
  app.delete(
    SITE_USER_SESSION_PATH,
    { config: { csrf: false, site: 'optional' } },
    logoutHandler(siteUserDeps),
  );
  app.post(
    ACCOUNTS_PATH,
    { config: { rateLimit: ACCOUNT_RATE_LIMIT, site: 'required' } },
    createAccountHandler(siteUserDeps),
  );
  app.post(
    PASSWORD_RESET_PATH,
    { config: { rateLimit: ACCOUNT_RATE_LIMIT, site: 'required' } },
    requestResetHandler(siteUserDeps),
  );
  app.post(
    `${PASSWORD_RESET_PATH}/complete`,
    { config: { rateLimit: ACCOUNT_RATE_LIMIT, site: 'required' } },
    completeResetHandler(siteUserDeps),
  );
  // The account pages (render/) post their forms through the same operations.
  return siteUserDeps;
}
