import { describe, expect, it } from 'vitest';
import type { PageFormProps } from '../../shared/forms/page-form-view.ts';
import { promoPopupSettingSchema } from '../../shared/promo-popup/settings.ts';
import { promoPopupIsland, withPromoPopup, type SitePromoPopup } from './promo-popup.ts';

const setting = promoPopupSettingSchema.parse({
  title: 'Tea & "cakes" <today>',
  pages: ['/journal/*'],
});
const popup: SitePromoPopup = {
  setting,
  props: {
    overlayId: 'promo-popup-v1',
    version: 1,
    title: setting.title,
    trigger: setting.trigger,
    reshowAfterDays: setting.reshowAfterDays,
  },
};
const newsletter = {
  formId: 'newsletter-form',
  page: { id: '', title: '', path: '/', contentSource: 'c' },
  crumb: '',
} as unknown as PageFormProps;

function propsOf(html: string): Record<string, unknown> {
  const json = /data-props="([^"]*)"/.exec(html)?.[1] ?? '';
  return JSON.parse(
    json
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  ) as Record<string, unknown>;
}

describe('promotional popup island on a page', () => {
  it('is an empty island hydrated when idle, its props escaped', () => {
    const html = promoPopupIsland(popup, 50, '/journal/caring-for-linen?ref=x', {});
    expect(html).toMatch(
      /^<vitrine-island data-island="PromoPopup" data-hydrate="idle" data-props="[^"<>]*"><\/vitrine-island>$/,
    );
    expect(html).toContain('Tea &amp; \\&quot;cakes\\&quot; &lt;today&gt;');
    expect(propsOf(html).title).toBe('Tea & "cakes" <today>');
  });

  it('is left out where the setting or the page type says so', () => {
    expect(promoPopupIsland(popup, 2, '/contact', {})).toBe('');
    expect(promoPopupIsland(popup, 201, '/journal/x', {})).toBe('');
    expect(promoPopupIsland(undefined, 2, '/journal', {})).toBe('');
  });

  it('sends a sign-up from this page with this visitor’s crumb', () => {
    const html = promoPopupIsland(
      { ...popup, props: { ...popup.props, newsletter } },
      1,
      '/journal?page=2',
      {
        crumb: 'visitor-crumb',
        pageTitle: 'Journal',
        pageContext: { collectionId: 'journal' },
      },
    );
    expect(propsOf(html).newsletter).toMatchObject({
      crumb: 'visitor-crumb',
      page: { id: 'journal', title: 'Journal', path: '/journal', contentSource: 'c' },
    });
  });

  it('goes just before </body>, or at the end of a page without one', () => {
    expect(withPromoPopup('<body><p>x</p></body></html>', '<i></i>')).toBe(
      '<body><p>x</p><i></i></body></html>',
    );
    expect(withPromoPopup('<p>x</p>', '<i></i>')).toBe('<p>x</p><i></i>');
    expect(withPromoPopup('<body></body>', '')).toBe('<body></body>');
  });
});
