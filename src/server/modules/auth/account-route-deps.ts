/** What the two account route modules (owners, site users) need from the app: the same for both. */
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import type { PublicOrigin } from '../../http/public-origin.ts';
import type { Mailer } from '../mail/index.ts';
import type { ThrottleClock } from './login-throttle.ts';

export interface AccountRouteDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
  /** SESSION_SECRET: the key of crumbs and xsrf tokens. */
  readonly secret: string;
  /**
   * Origin of emailed links, invites and password resets (services.ts). Behind a proxy
   * request.host honours X-Forwarded-Host only from TRUSTED_PROXIES; PUBLIC_URL pins the origin
   * so a forged Host header can never point a link elsewhere.
   */
  readonly publicOrigin: PublicOrigin;
  /** The mail module's mailer: every email goes through the outbox (then SMTP when configured). */
  readonly mailer: Mailer;
  /** The login throttle's time (services.ts); the database's when undefined. */
  readonly throttleClock?: ThrottleClock | undefined;
}
