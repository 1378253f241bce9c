/** What the site-user routes need from the app. */
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import type { PublicOrigin } from '../../http/public-origin.ts';
import type { ThrottleClock } from '../auth/index.ts';
import type { Mailer } from '../mail/index.ts';

export interface SiteUserDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
  /** SESSION_SECRET: the key of crumbs and xsrf tokens. */
  readonly secret: string;
  /**
   * Origin of emailed links (services.ts). Behind a proxy request.host honours X-Forwarded-Host
   * only from TRUSTED_PROXIES; PUBLIC_URL pins the origin so a forged Host header can never
   * point a reset link elsewhere.
   */
  readonly publicOrigin: PublicOrigin;
  /** The mail module's mailer (outbox, then SMTP when configured). */
  readonly mailer: Mailer;
  /** The login throttle's time (services.ts); the database's when undefined. */
  readonly throttleClock?: ThrottleClock | undefined;
}
