/** What other modules, pages and the composition root use of the site-users module. */
export { type SiteUserDeps } from './deps.ts';
