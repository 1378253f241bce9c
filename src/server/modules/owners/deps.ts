/** What the owner routes need from the app. */
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';

export interface OwnerDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
  /** SESSION_SECRET: the key of crumbs and xsrf tokens. */
  readonly secret: string;
}
