/** Content: who may see a record (publication and access rules) for other modules to reuse. */
export { isPublishedAt, publishedNow, type Publishable } from './publication.ts';
export { protectionOf, siteProtection, type Protection } from './access.ts';
export { isUnlocked, mayOpen, recordUnlock, type Visitor } from './access.ts';
export { formatEventDates } from './event-dates.ts';
export { buildIcs } from './ics.ts';
export {
  getPublishedEventById,
  getPublishedItem,
  listPublishedItems,
  type CollectionRow,
  type ContentItemRow,
} from './item-queries.ts';
export { checkPagePassword, hashSiteFilePasswords } from './page-password.ts';
export { SEARCH_PAGE_SIZE, planSearch, searchPageNumber } from './search-query.ts';
export { searchSite, type SearchHitKind } from './search.ts';
export { shareLinks } from './share-links.ts';
export { registerSearchRoutes, type SearchProductCards } from './search-routes.ts';
export { guardPage, siteLockPage, MEMBER_LOGIN_PATH, UNLOCK_PATH } from './lock-pages.ts';
export { locationText } from './location-text.ts';
export { registerAccessRoutes } from './access-routes.ts';
export { registerCalendarRoutes } from './calendar-routes.ts';
