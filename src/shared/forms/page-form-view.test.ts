import { describe, expect, it } from 'vitest';
import type { FormFieldDefinition } from './field-types.ts';
import { FORM_POST_PATH, pageFormView, viewField, type FormForView } from './page-form-view.ts';
import { formSiteSettingsSchema } from './site-settings.ts';

const page = { id: 'contact', title: 'Contact', path: '/contact', contentSource: 'c' } as const;
const noQuery = new URLSearchParams();

const form = (fields: FormFieldDefinition[], settings: FormForView['settings'] = {}) => ({
  id: 'f',
  name: 'Form',
  fields,
  settings,
});

describe('viewField: the builder settings each type takes (docs/behaviour/forms-and-captcha.md#field-types)', () => {
  const off = { formTextareaMaxLength: false };
  const on = { formTextareaMaxLength: true };

  it('keeps description, placeholder and required of text-like fields', () => {
    const field: FormFieldDefinition = {
      id: 'e',
      type: 'email',
      title: 'Email',
      description: 'd',
      placeholder: 'p',
      required: true,
      currencySymbol: '$',
    };
    expect(viewField(field, off, noQuery)).toEqual({
      id: 'e',
      type: 'email',
      title: 'Email',
      description: 'd',
      placeholder: 'p',
      required: true,
    });
  });

  it('gives currency its symbol, phone its country code, options and underline their types', () => {
    expect(viewField({ id: 'c', type: 'currency', currencySymbol: '€' }, off, noQuery)).toEqual({
      id: 'c',
      type: 'currency',
      currencySymbol: '€',
    });
    expect(viewField({ id: 'p', type: 'phone', showCountryCode: true }, off, noQuery)).toEqual({
      id: 'p',
      type: 'phone',
      showCountryCode: true,
    });
    expect(
      viewField({ id: 'r', type: 'radio', options: ['A'], placeholder: 'x' }, off, noQuery),
    ).toEqual({ id: 'r', type: 'radio', options: ['A'] });
    expect(
      viewField({ id: 's', type: 'section', title: 'S', underline: true }, off, noQuery),
    ).toEqual({ id: 's', type: 'section', title: 'S', underline: true });
  });

  it('gives textarea its maxLength only when the site’s flag is on', () => {
    const textarea: FormFieldDefinition = { id: 't', type: 'textarea', maxLength: 100 };
    expect(viewField(textarea, off, noQuery)).toEqual({ id: 't', type: 'textarea' });
    expect(viewField(textarea, on, noQuery)).toEqual({ id: 't', type: 'textarea', maxLength: 100 });
    expect(viewField({ id: 'x', type: 'text', maxLength: 3 }, off, noQuery).maxLength).toBe(3);
  });

  it('fills a hidden field from the same-named query parameter, else its own value', () => {
    const hidden: FormFieldDefinition = { id: 'h', type: 'hidden', key: 'utm', value: 'own' };
    expect(viewField(hidden, off, new URLSearchParams('utm=mail')).value).toBe('mail');
    expect(viewField(hidden, off, noQuery).value).toBe('own');
  });
});

describe('pageFormView', () => {
  const settings = formSiteSettingsSchema.parse({
    captchaSettings: { siteKey: 'k', provider: 'recaptcha' },
  });

  it('describes the form, its messages, disclaimer, captcha and the plain post', () => {
    const view = pageFormView({
      form: form([{ id: 'e', type: 'email' }], {
        submissionMessage: 'Thanks',
        submissionHTML: '<p>Done</p>',
        successRedirect: '/thanks',
        disclaimerMessage: 'Read [this](/terms).',
        captchaEnabled: true,
        captchaTheme: 'dark',
        captchaAlignment: 'right',
      }),
      blockType: 'form',
      settings,
      redirectHosts: [],
      page,
      query: noQuery,
      crumb: 'c',
    });
    expect(view).toEqual({
      formId: 'f',
      name: 'Form',
      newsletter: false,
      fields: [{ id: 'e', type: 'email' }],
      submitLabel: 'Submit',
      submissionMessage: 'Thanks',
      submissionHTML: '<p>Done</p>',
      successRedirect: '/thanks',
      parsedDisclaimerMessage: '<p>Read <a href="/terms">this</a>.</p>',
      redirectHosts: [],
      captcha: { provider: 'recaptcha', siteKey: 'k', theme: 'dark', alignment: 'right' },
      action: `${FORM_POST_PATH}#page-form-f`,
      crumb: 'c',
      page,
    });
  });

  it('drops a redirect off the site unless its host is allowed', () => {
    const input = (redirectHosts: string[]) => ({
      form: form([], { successRedirect: 'https://partner.example/thanks' }),
      blockType: 'newsletter',
      settings,
      redirectHosts,
      page,
      query: noQuery,
    });
    expect(pageFormView(input([])).successRedirect).toBeUndefined();
    expect(pageFormView(input(['partner.example'])).successRedirect).toBe(
      'https://partner.example/thanks',
    );
    expect(pageFormView(input([]))).toMatchObject({ newsletter: true, submitLabel: 'Subscribe' });
  });

  it("tells the island when the form's validation is off, and says nothing otherwise", () => {
    const input = (settings: FormForView['settings']) => ({
      form: form([], settings),
      blockType: 'form',
      settings: formSiteSettingsSchema.parse({}),
      redirectHosts: [],
      page,
      query: noQuery,
    });
    expect(pageFormView(input({ validationDisabled: true })).validationDisabled).toBe(true);
    expect(pageFormView(input({}))).not.toHaveProperty('validationDisabled');
  });

  it('asks for no captcha unless the site’s is on and the form enables it; odd themes read as light, left', () => {
    const base = { blockType: 'form', redirectHosts: [], page, query: noQuery };
    expect(
      pageFormView({ ...base, form: form([], { captchaEnabled: false }), settings }).captcha,
    ).toBeUndefined();
    expect(
      pageFormView({
        ...base,
        form: form([], { captchaEnabled: true }),
        settings: formSiteSettingsSchema.parse({}),
      }).captcha,
    ).toBeUndefined();
    expect(
      pageFormView({
        ...base,
        form: form([], { captchaEnabled: true, captchaTheme: 'neon', captchaAlignment: 'up' }),
        settings,
      }).captcha,
    ).toMatchObject({ theme: 'light', alignment: 'left' });
  });
});
