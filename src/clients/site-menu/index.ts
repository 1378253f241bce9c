/**
 * Entry of the site menu script, linked by page-scripts.ts on pages whose header has the menu
 * button (`data-site-menu-button`). The menu works without it in browsers with invoker commands;
 * this only tells assistive technology whether it is open (site-menu.ts).
 */
import { followSiteMenu } from './site-menu.ts';

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-site-menu-button]'))
  followSiteMenu(button);
