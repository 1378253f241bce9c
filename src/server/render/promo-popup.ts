/**
 * Places the site's promotional popup (settings.promoPopup, src/shared/promo-popup) on the pages
 * it names: an empty PromoPopup island before </body>, hydrated when the browser is idle. The
 * island renders nothing on the server; the visitor's storage decides whether it opens, so the
 * page's HTML and first paint are the same with or without a popup.
 *
 * The popup's props are built once per loaded site (a new CurrentSite after an import or the
 * resolver's TTL rebuilds them): the newsletter sign-up is the newsletter form's page-form view,
 * read from the database, with only this page's fields and the visitor's crumb added per view.
 */
import { ISLAND_TAG } from '../../shared/html/islands.ts';
import { formSiteSettingsSchema } from '../../shared/forms/site-settings.ts';
import { pageFormView, type PageFormProps } from '../../shared/forms/page-form-view.ts';
import { escapeHtml } from '../../shared/html/escape-html.ts';
import { overlayIdOf, type PromoPopupProps } from '../../shared/promo-popup/island-props.ts';
import { popupShownOn } from '../../shared/promo-popup/placement.ts';
import { readPromoPopup, type PromoPopupSetting } from '../../shared/promo-popup/settings.ts';
import type { AppDb } from '../db/index.ts';
import type { CurrentSite } from '../http/current-site.ts';
import { loadForm } from '../modules/forms/index.ts';

export const PROMO_POPUP_ISLAND = 'PromoPopup';

/** The site's popup, ready to place, with the pages it may appear on. */
export interface SitePromoPopup {
  readonly setting: PromoPopupSetting;
  readonly props: PromoPopupProps;
}

export interface PromoPopups {
  /**
   * The site's popup, or undefined when it sets none, turned it off, its form is gone, or its
   * form could not be read (the page then renders without it; it never fails a page).
   */
  get(site: CurrentSite): Promise<SitePromoPopup | undefined>;
}

async function newsletterView(
  db: AppDb,
  site: CurrentSite,
  formId: string,
): Promise<PageFormProps | undefined> {
  const form = await loadForm(db, site.id, formId);
  if (!form) return undefined;
  const parsed = formSiteSettingsSchema.safeParse(site.settings ?? {});
  const hosts = site.settings?.redirectHosts;
  return pageFormView({
    form,
    blockType: 'newsletter',
    settings: parsed.success ? parsed.data : formSiteSettingsSchema.parse({}),
    redirectHosts: Array.isArray(hosts)
      ? hosts.filter((host): host is string => typeof host === 'string')
      : [],
    // Filled in per page by promoPopupIsland.
    page: { id: '', title: '', path: '/', contentSource: 'c' },
    query: new URLSearchParams(),
  });
}

async function buildPopup(db: AppDb, site: CurrentSite): Promise<SitePromoPopup | undefined> {
  const setting = readPromoPopup(site.settings);
  if (!setting) return undefined;
  let newsletter: PageFormProps | undefined;
  if (setting.newsletterFormId !== undefined) {
    newsletter = await newsletterView(db, site, setting.newsletterFormId);
    // A sign-up popup without its form would ask for nothing: leave it out.
    if (!newsletter) return undefined;
  }
  const props: PromoPopupProps = {
    overlayId: overlayIdOf(setting.version),
    version: setting.version,
    title: setting.title,
    ...(setting.body === undefined ? {} : { body: setting.body }),
    ...(setting.action === undefined ? {} : { action: setting.action }),
    ...(newsletter === undefined ? {} : { newsletter }),
    trigger: setting.trigger,
    reshowAfterDays: setting.reshowAfterDays,
  };
  return { setting, props };
}

export function createPromoPopups(db: AppDb): PromoPopups {
  const built = new WeakMap<CurrentSite, Promise<SitePromoPopup | undefined>>();
  return {
    get(site) {
      let popup = built.get(site);
      if (!popup) {
        // A failed read leaves this page without the popup and is not kept: the next view retries.
        popup = buildPopup(db, site).catch(() => {
          built.delete(site);
          return undefined;
        });
        built.set(site, popup);
      }
      return popup;
    },
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The page a sign-up is sent from: its id, title and path, as page forms send them. */
function formPageOf(context: Readonly<Record<string, unknown>>, path: string) {
  const pageContext = record(context.pageContext);
  return {
    id:
      text(record(context.page).id) ??
      text(pageContext.itemId) ??
      text(pageContext.collectionId) ??
      '',
    title: (text(context.pageTitle) ?? '').slice(0, 500),
    path: path.slice(0, 2000),
    contentSource: 'c' as const,
  };
}

/**
 * The popup island for this page, or '' when the popup does not belong here. `url` is the
 * request's URL (its query is ignored); `context` the page's template context.
 */
export function promoPopupIsland(
  popup: SitePromoPopup | undefined,
  pageType: number,
  url: string,
  context: Readonly<Record<string, unknown>>,
): string {
  if (!popup) return '';
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  if (!popupShownOn(popup.setting.pages, pageType, path)) return '';
  const { newsletter } = popup.props;
  const props: PromoPopupProps =
    newsletter === undefined
      ? popup.props
      : {
          ...popup.props,
          newsletter: {
            ...newsletter,
            crumb: text(context.crumb) ?? '',
            page: formPageOf(context, path),
          },
        };
  const json = escapeHtml(JSON.stringify(props));
  return `<${ISLAND_TAG} data-island="${PROMO_POPUP_ISLAND}" data-hydrate="idle" data-props="${json}"></${ISLAND_TAG}>`;
}

/** The page with the popup's island just before </body>. */
export function withPromoPopup(html: string, island: string): string {
  if (island === '') return html;
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + island : html.slice(0, end) + island + html.slice(end);
}
