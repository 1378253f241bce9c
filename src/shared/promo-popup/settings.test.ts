import { describe, expect, it } from 'vitest';
import { promoPopupIssues, promoPopupSettingSchema, readPromoPopup } from './settings.ts';

const connections = [{ list: 'newsletter', formIds: ['newsletter-form'] }];
const signUp = {
  title: 'Ten percent off',
  newsletterFormId: 'newsletter-form',
};

function issues(popup: unknown, settings: Record<string, unknown> = {}) {
  return promoPopupIssues({ mailingListConnections: connections, ...settings, promoPopup: popup });
}

describe('promotional popup setting', () => {
  it('fills in the defaults a merchant may leave out', () => {
    expect(promoPopupSettingSchema.parse({ title: 'Hello' })).toEqual({
      enabled: true,
      version: 1,
      title: 'Hello',
      trigger: { type: 'delay', seconds: 5 },
      pages: 'all',
      reshowAfterDays: 7,
    });
  });

  it('takes a sign-up on a delay, a call to action on scroll, and a list of paths', () => {
    expect(issues({ ...signUp, trigger: { type: 'delay', seconds: 0 }, pages: 'home' })).toEqual(
      [],
    );
    expect(
      issues({
        title: 'Summer sale',
        body: 'Linen at 20% off.',
        action: { text: 'Shop the sale', url: '/shop' },
        trigger: { type: 'scroll', percent: 50 },
        pages: ['/shop', '/journal/*'],
        reshowAfterDays: 0,
        version: 3,
      }),
    ).toEqual([]);
    expect(
      issues({ title: 'Elsewhere', action: { text: 'Read', url: 'https://example.com/a' } }),
    ).toEqual([]);
  });

  it('names each bad field with a message a merchant can act on', () => {
    expect(
      issues({
        title: ' ',
        version: 0,
        trigger: { type: 'delay', seconds: 601 },
        reshowAfterDays: -1,
        colour: 'red',
      }),
    ).toEqual([
      { path: ['promoPopup', 'version'], message: 'Must be 1 or more' },
      { path: ['promoPopup', 'title'], message: 'Must not be empty' },
      { path: ['promoPopup', 'trigger', 'seconds'], message: 'Must be at most 600 seconds' },
      { path: ['promoPopup', 'reshowAfterDays'], message: 'Must not be negative' },
      { path: ['promoPopup'], message: 'Unknown field "colour"' },
    ]);
  });

  it('explains the triggers and the pages it accepts', () => {
    expect(issues({ title: 'x', trigger: { type: 'exit' } })).toEqual([
      {
        path: ['promoPopup', 'trigger', 'type'],
        message:
          'Must be { "type": "delay", "seconds": 0–600 } or { "type": "scroll", "percent": 1–100 }',
      },
    ]);
    expect(issues({ title: 'x', trigger: { type: 'scroll', percent: 0 } })).toEqual([
      { path: ['promoPopup', 'trigger', 'percent'], message: 'Must be 1–100' },
    ]);
    for (const pages of ['products', []])
      expect(issues({ title: 'x', pages })).toEqual([
        {
          path: ['promoPopup', 'pages'],
          message: 'Must be "all", "home" or a list of paths such as ["/shop", "/journal"]',
        },
      ]);
    for (const path of ['shop', '/shop?x=1', '/shop#top', '//evil.example'])
      expect(issues({ title: 'x', pages: ['/', path] })).toEqual([
        {
          path: ['promoPopup', 'pages', 1],
          message: 'Must be a path of this site such as "/shop" (no query or #fragment)',
        },
      ]);
  });

  it('refuses a link that could run script or leave as something else', () => {
    for (const url of ['javascript:alert(1)', 'shop', 'ftp://example.com/x', 'https://u:p@x.com/'])
      expect(issues({ title: 'x', action: { text: 'Go', url } })).toEqual([
        {
          path: ['promoPopup', 'action', 'url'],
          message: 'Must be a path of this site ("/shop") or an http(s) address',
        },
      ]);
  });

  it('takes a sign-up or a call to action, not both', () => {
    expect(issues({ ...signUp, action: { text: 'Go', url: '/shop' } })).toEqual([
      { path: ['promoPopup', 'action'], message: 'Give newsletterFormId or action, not both' },
    ]);
  });

  it('signs visitors up only through a form a mailing list connects', () => {
    expect(issues({ title: 'x', newsletterFormId: 'contact-form' })).toEqual([
      {
        path: ['promoPopup', 'newsletterFormId'],
        message:
          'Form "contact-form" is not a newsletter form: list it in a mailingListConnections entry\'s formIds',
      },
    ]);
    expect(promoPopupIssues({ promoPopup: signUp })).toHaveLength(1);
  });

  it('is read leniently by the renderer: absent, off or broken means no popup', () => {
    expect(readPromoPopup(undefined)).toBeUndefined();
    expect(readPromoPopup({})).toBeUndefined();
    expect(readPromoPopup({ promoPopup: { ...signUp, enabled: false } })).toBeUndefined();
    expect(readPromoPopup({ promoPopup: { title: 7 } })).toBeUndefined();
    expect(readPromoPopup({ promoPopup: signUp })?.newsletterFormId).toBe('newsletter-form');
    expect(promoPopupIssues({})).toEqual([]);
  });
});
