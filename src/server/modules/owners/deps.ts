/** What the owner routes need from the app. */
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import type { PublicOrigin } from '../../http/public-origin.ts';
import type { ThrottleClock } from '../auth/index.ts';
import type { Mailer } from '../mail/index.ts';

export interface OwnerDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
  /** SESSION_SECRET: the key of crumbs and xsrf tokens. */
  readonly secret: string;
  /** Origin of emailed invite links (services.ts): PUBLIC_URL pins it against forged Host headers. */
  readonly publicOrigin: PublicOrigin;
  /** Invites go through the outbox like every other email. */
  readonly mailer: Mailer;
  /** The login throttle's time (services.ts); the database's when undefined. */
  readonly throttleClock?: ThrottleClock | undefined;
}
