/**
 * The pages that stand in for a protected path: the lock screen of a page or collection (page
 * type 105, 401), the member-area page (106, 403) and the lock screen of a site-wide lock (103,
 * 401). Their forms post to the unlock route (access-routes.ts) and to the site-user login.
 */
import { PAGE_TYPES, type ResolvedPage } from '../../render/page-routes.ts';
import type { Protection } from './access.ts';

/** Where the lock screen's form posts the password (access-routes.ts). */
export const UNLOCK_PATH = '/protected/unlock';

/** Where the member-area page sends visitors to log in (modules/site-users/account-forms.ts). */
export const MEMBER_LOGIN_PATH = '/account/login';

/** The lock screen or member-area page standing in for a protected path. */
export function guardPage(protection: Protection, path: string): ResolvedPage {
  if (protection.kind === 'members') {
    return {
      template: 'access-denied',
      pageType: PAGE_TYPES.MEMBER_AREA_ACCESS_DENIED,
      title: 'Member area',
      status: 403,
      protection,
      context: {
        access: {
          path,
          title: protection.title,
          loginUrl: `${MEMBER_LOGIN_PATH}?returnTo=${encodeURIComponent(path)}`,
        },
      },
    };
  }
  return lockScreen(protection, PAGE_TYPES.PROTECTED_CONTENT, path);
}

/** The lock screen of a site-wide lock (page type 103), standing in for every page. */
export function siteLockPage(
  protection: Extract<Protection, { kind: 'password' }>,
  path: string,
): ResolvedPage {
  return lockScreen(protection, PAGE_TYPES.LOCK_SCREEN, path);
}

function lockScreen(
  protection: Extract<Protection, { kind: 'password' }>,
  pageType: number,
  path: string,
): ResolvedPage {
  return {
    template: 'lock-screen',
    pageType,
    title: 'Password required',
    status: 401,
    protection,
    context: { lock: { path, title: protection.title, action: UNLOCK_PATH } },
  };
}
