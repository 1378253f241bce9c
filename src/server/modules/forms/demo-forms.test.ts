import { describe, expect, it } from 'vitest';
import demo from '../../../../demo/site.json' with { type: 'json' };
import {
  connectionForForm,
  FORM_FIELD_TYPES,
  formSiteSettingsSchema,
  siteCaptcha,
} from '../../../shared/forms/index.ts';
import { parseSiteFile } from '../../../shared/site-file/index.ts';

describe('the demo site’s forms', () => {
  const parsed = parseSiteFile(demo);
  if (!parsed.success) throw new Error(parsed.errors.join('\n'));
  const { forms, website, pages } = parsed.data;
  const settings = formSiteSettingsSchema.parse(website.settings);

  it('has a captcha-protected form with every field type', () => {
    const wholesale = forms.find((form) => form.id === 'wholesale-form');
    expect(new Set(wholesale?.fields.map((field) => field.type))).toEqual(
      new Set(FORM_FIELD_TYPES),
    );
    expect(wholesale?.captchaEnabled).toBe(true);
    expect(siteCaptcha(settings)).toMatchObject({ on: true, provider: 'altcha' });
  });

  it('has a newsletter form without captcha on a double opt-in list', () => {
    const newsletter = forms.find((form) => form.id === 'newsletter-form');
    expect(newsletter?.captchaEnabled).toBe(false);
    expect(connectionForForm(settings, 'newsletter-form')).toEqual({
      list: 'newsletter',
      doubleOptIn: true,
      formIds: ['newsletter-form'],
      restock: false,
    });
  });

  it('shows both on the contact page', () => {
    const contact = pages.find((page) => page.fullUrl === '/contact');
    expect(contact?.blocks.map((block) => block.formId)).toEqual([
      'contact-form',
      'wholesale-form',
      'newsletter-form',
    ]);
  });
});
