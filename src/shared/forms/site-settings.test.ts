import { describe, expect, it } from 'vitest';
import {
  connectionForForm,
  formSiteSettingsSchema,
  restockConnection,
  siteCaptcha,
} from './site-settings.ts';

describe('form site settings', () => {
  it('turns captcha on only when captchaSettings.siteKey is set, ALTCHA by default', () => {
    expect(siteCaptcha(formSiteSettingsSchema.parse({}))).toEqual({
      on: false,
      provider: 'altcha',
      siteKey: undefined,
    });
    expect(
      siteCaptcha(formSiteSettingsSchema.parse({ captchaSettings: { siteKey: ' ' } })).on,
    ).toBe(false);
    expect(
      siteCaptcha(formSiteSettingsSchema.parse({ captchaSettings: { siteKey: 'k' } })),
    ).toEqual({
      on: true,
      provider: 'altcha',
      siteKey: 'k',
    });
    expect(
      siteCaptcha(
        formSiteSettingsSchema.parse({ captchaSettings: { siteKey: 'k', provider: 'recaptcha' } }),
      ).provider,
    ).toBe('recaptcha');
  });

  it('finds the mailing-list connection of a newsletter form and of the restock opt-in', () => {
    const settings = formSiteSettingsSchema.parse({
      mailingListConnections: [
        { list: 'news', doubleOptIn: true, formIds: ['newsletter'] },
        { list: 'restock', restock: true },
      ],
    });
    expect(connectionForForm(settings, 'newsletter')?.list).toBe('news');
    expect(connectionForForm(settings, 'contact')).toBeUndefined();
    expect(restockConnection(settings)?.list).toBe('restock');
    expect(settings.mailingListConnections[1]?.doubleOptIn).toBe(false);
  });

  it('rejects a malformed connection', () => {
    expect(
      formSiteSettingsSchema.safeParse({ mailingListConnections: [{ list: 'a b' }] }).success,
    ).toBe(false);
    expect(
      formSiteSettingsSchema.safeParse({ captchaSettings: { siteKey: 'k', provider: 'hcaptcha' } })
        .success,
    ).toBe(false);
  });
});
