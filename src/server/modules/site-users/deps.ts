/** What the site-user routes need from the app. */
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import type { Mailer } from '../mail/mailer.ts';

export interface SiteUserDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
  /** SESSION_SECRET: the key of crumbs and xsrf tokens. */
  readonly secret: string;
  /** Origin used in emailed links (`https://shop.example`); unset: the request's own origin. */
  readonly publicUrl?: string | undefined;
  /** The mail module's mailer (outbox, then SMTP when configured). */
  readonly mailer: Mailer;
}
