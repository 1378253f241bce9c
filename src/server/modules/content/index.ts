/** Content: who may see a record (publication and access rules) for other modules to reuse. */
export { isPublishedAt, publishedNow, type Publishable } from './publication.ts';
export { protectionOf, siteProtection, type Protection } from './access.ts';
