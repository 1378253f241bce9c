/**
 * The promotional popup from the site file to the page: imported and exported unchanged,
 * refused with the bad field named (and nothing changed), and placed as an island only on the
 * pages its setting names, never on the lock screen, cart, checkout or a missing page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { DEMO_SITE_FILE, demoImport, readSiteFile } from '../main.ts';
import type { SiteFileInput } from '../../shared/site-file/index.ts';
import type { PromoPopupProps } from '../../shared/promo-popup/island-props.ts';
import { createSiteResolver, type SiteResolver } from '../http/current-site.ts';
import { exportSite, importSite, SiteFileError } from '../modules/site-import/index.ts';

let harness: TestApp;
let resolver: SiteResolver | undefined;
let demo: SiteFileInput;

const signUp = {
  version: 2,
  title: 'Ten percent off your first order',
  body: 'Join the studio letter: new pieces first.',
  newsletterFormId: 'newsletter-form',
  trigger: { type: 'delay', seconds: 8 },
  pages: 'home',
  reshowAfterDays: 14,
};

beforeAll(async () => {
  // Reads the site on every request, so each import shows at once.
  const sites: SiteResolver = {
    current: () => (resolver ? resolver.current() : Promise.resolve(undefined)),
    invalidate: (change) => resolver?.invalidate(change),
    stockVersion: () => resolver?.stockVersion() ?? 0,
  };
  harness = await createTestApp({ sites });
  resolver = createSiteResolver(harness.database, { ttlMs: 0 });
  demo = (await readSiteFile(DEMO_SITE_FILE)) as SiteFileInput;
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

function withPopup(popup: unknown): SiteFileInput {
  const file = structuredClone(demo);
  const settings = { ...(file.website.settings ?? {}) } as Record<string, unknown>;
  if (popup === undefined) delete settings.promoPopup;
  else settings.promoPopup = popup;
  return { ...file, website: { ...file.website, settings: settings as never } };
}

async function importWith(popup: unknown): Promise<void> {
  await importSite(harness.database, withPopup(popup), demoImport(harness.config.dataDir));
}

const ISLAND =
  /<vitrine-island data-island="PromoPopup" data-hydrate="idle" data-props="([^"]*)"><\/vitrine-island>/;

function unescape(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The popup island's props on the page at `url`, or undefined when it has none. */
async function popupOn(
  url: string,
  cookies: Record<string, string> = {},
): Promise<PromoPopupProps | undefined> {
  const response = await harness.app.inject({ url, cookies });
  const match = ISLAND.exec(response.body);
  return match?.[1] === undefined ? undefined : (JSON.parse(unescape(match[1])) as PromoPopupProps);
}

describe('promotional popup in the site file', () => {
  it('imports and exports the setting as the merchant wrote it', async () => {
    await importWith(signUp);
    const exported = await exportSite(harness.database, 'vitrine-demo');
    expect(exported.website.settings.promoPopup).toEqual(signUp);
    await importSite(harness.database, exported, demoImport(harness.config.dataDir));
    expect(
      (await exportSite(harness.database, 'vitrine-demo')).website.settings.promoPopup,
    ).toEqual(signUp);
  });

  it('refuses a bad setting with each field named, and keeps the stored one', async () => {
    await importWith(signUp);
    const error = await importWith({
      ...signUp,
      newsletterFormId: 'contact-form',
      trigger: { type: 'delay', seconds: 900 },
      pages: ['shop'],
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SiteFileError);
    expect((error as SiteFileError).errors).toEqual([
      'website.settings.promoPopup.trigger.seconds: Must be at most 600 seconds',
      'website.settings.promoPopup.pages[0]: Must be a path of this site such as "/shop" (no query or #fragment)',
    ]);
    const form = await importWith({ ...signUp, newsletterFormId: 'contact-form' }).catch(
      (caught: unknown) => caught,
    );
    expect((form as SiteFileError).errors).toEqual([
      'website.settings.promoPopup.newsletterFormId: Form "contact-form" is not a newsletter form: list it in a mailingListConnections entry\'s formIds',
    ]);
    expect(
      (await exportSite(harness.database, 'vitrine-demo')).website.settings.promoPopup,
    ).toEqual(signUp);
  });
});

describe('promotional popup on the pages', () => {
  it('is placed on the home page only, with the sign-up form, this page and the visitor’s crumb', async () => {
    await importWith(signUp);
    const home = await harness.app.inject('/');
    const cookies = Object.fromEntries(home.cookies.map((cookie) => [cookie.name, cookie.value]));
    const crumb = cookies.crumb ?? '';
    expect(crumb).not.toBe('');
    const props = await popupOn('/', cookies);
    // The page's plain forms and the popup's sign-up carry this visitor's own crumb.
    expect(props?.newsletter?.crumb).toBe(crumb);
    expect(props).toMatchObject({
      overlayId: 'promo-popup-v2',
      version: 2,
      title: 'Ten percent off your first order',
      body: 'Join the studio letter: new pieces first.',
      trigger: { type: 'delay', seconds: 8 },
      reshowAfterDays: 14,
      newsletter: {
        formId: 'newsletter-form',
        newsletter: true,
        submitLabel: 'Subscribe',
        fields: [{ id: 'email', type: 'email', title: 'Email', required: true }],
        page: { path: '/', contentSource: 'c' },
      },
    });
    expect(props?.action).toBeUndefined();
    for (const url of ['/contact', '/shop', '/shop/p/linen-shirt', '/journal'])
      expect(await popupOn(url), url).toBeUndefined();
  });

  it('is placed on the listed paths and the sections under a "/*" path', async () => {
    await importWith({
      title: 'Summer sale',
      action: { text: 'Shop the sale', url: '/shop' },
      trigger: { type: 'scroll', percent: 40 },
      pages: ['/contact', '/shop/*'],
    });
    for (const url of ['/contact', '/contact?x=1', '/shop', '/shop/p/linen-shirt'])
      expect((await popupOn(url))?.action, url).toEqual({ text: 'Shop the sale', url: '/shop' });
    const contact = await popupOn('/contact');
    expect(contact?.trigger).toEqual({ type: 'scroll', percent: 40 });
    expect(contact?.newsletter).toBeUndefined();
    for (const url of ['/', '/journal', '/gallery'])
      expect(await popupOn(url), url).toBeUndefined();
  });

  it('is never placed on the lock screen, cart, checkout or a missing page', async () => {
    await importWith({ title: 'Everywhere', pages: 'all' });
    expect(await popupOn('/gallery')).toBeDefined();
    for (const url of ['/trade', '/cart', '/checkout', '/no-such-page']) {
      const response = await harness.app.inject(url);
      expect(response.body, url).not.toContain('data-island="PromoPopup"');
    }
  });

  it('is not placed while switched off or absent', async () => {
    await importWith({ ...signUp, enabled: false });
    expect(await popupOn('/')).toBeUndefined();
    await importWith(undefined);
    expect(await popupOn('/')).toBeUndefined();
  });
});
