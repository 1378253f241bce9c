/** What the site-user routes need from the app: what every account module needs. */
import type { AccountRouteDeps } from '../auth/index.ts';

export type SiteUserDeps = AccountRouteDeps;
