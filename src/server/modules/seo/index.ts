/** Search engines: /robots.txt and /sitemap.xml of the published site. */
export { registerSeoRoutes, type SeoRouteDeps } from './routes.ts';
export { DISALLOWED_PATHS, ROBOTS_PATH, SITEMAP_PATH } from './documents.ts';
