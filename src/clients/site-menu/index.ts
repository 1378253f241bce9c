/**
 * The header menu's state script, fetched by the island loader on the shopper's first reach for
 * a button the theme marks `data-site-menu-button` (its first click held until this has run).
 */
import { followSiteMenu } from './site-menu.ts';

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-site-menu-button]'))
  followSiteMenu(button);
