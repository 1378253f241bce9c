/**
 * Loads the header menu's state script (site-menu.ts) on the first press of a button the theme
 * marks `data-site-menu-button`, so a page pays nothing for it at load: the menu itself opens
 * without script, and the press that needs the script is the one that loads it.
 */
export const SITE_MENU_BUTTON = 'data-site-menu-button';

export function followSiteMenuOnPress(root: Document): void {
  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest(`[${SITE_MENU_BUTTON}]`);
    if (!(button instanceof HTMLButtonElement)) return;
    import('./site-menu.ts')
      .then(({ followSiteMenu }) => followSiteMenu(button))
      .catch(() => undefined);
  });
}
