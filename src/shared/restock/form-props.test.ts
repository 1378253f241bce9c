import { describe, expect, it } from 'vitest';
import { restockFormProps } from './form-props.ts';

const merchandising = {
  restockNotificationsEnabled: true,
  mailingListSignUpEnabled: true,
  mailingListOptInByDefault: true,
  restockNotificationMessages: {
    heading: 'Back soon?',
    emailLabel: 'Email address',
    submit: 'Notify me',
    mailingList: 'News too',
    success: 'Thanks',
    emailBlank: 'Email cannot be blank',
    emailInvalid: 'Email is invalid',
    captchaIncomplete: 'Complete CAPTCHA before submitting.',
  },
};

const item = (change: Record<string, unknown> = {}) => ({
  id: 'shirt',
  merchandising,
  structuredContent: {
    productType: 1,
    variants: [
      { id: 's', sku: 'S-1', soldOut: false, optionValues: [{ value: 'S' }, { value: 'Sand' }] },
      { id: 'l', sku: 'L-1', soldOut: true, optionValues: [{ value: 'L' }, { value: 'Sand' }] },
      { id: 'x', sku: 'X-1', soldOut: true, optionValues: [] },
    ],
  },
  ...change,
});

const root = {
  crumb: 'crumb-1',
  websiteSettings: { captchaSettings: { siteKey: 'key', provider: 'altcha' } },
};

describe('restockFormProps', () => {
  it('lists the sold-out variants with their option values (else the SKU)', () => {
    expect(restockFormProps(item(), root)).toEqual({
      itemId: 'shirt',
      soldOutVariants: [
        { id: 'l', label: 'L / Sand' },
        { id: 'x', label: 'X-1' },
      ],
      onlyVariantId: null,
      messages: merchandising.restockNotificationMessages,
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: true,
      captcha: { siteKey: 'key', provider: 'altcha' },
    });
  });

  it('has no captcha without a site key', () => {
    expect(restockFormProps(item(), { crumb: 'c' })?.captcha).toBeNull();
    expect(
      restockFormProps(item(), { websiteSettings: { captchaSettings: { siteKey: ' ' } } })?.captcha,
    ).toBeNull();
  });

  it('keeps a known provider and defaults an unknown one to ALTCHA', () => {
    const captcha = (provider: string) =>
      restockFormProps(item(), {
        websiteSettings: { captchaSettings: { siteKey: 'k', provider } },
      })?.captcha;
    expect(captcha('recaptcha')).toEqual({ siteKey: 'k', provider: 'recaptcha' });
    expect(captcha('other')).toEqual({ siteKey: 'k', provider: 'altcha' });
  });

  it('chooses the only variant of a one-variant product', () => {
    const single = item({
      structuredContent: { productType: 1, variants: [{ id: 'only', sku: 'O', soldOut: true }] },
    });
    expect(restockFormProps(single, root)?.onlyVariantId).toBe('only');
  });

  it('is undefined when restock notifications are off or the product never runs out', () => {
    expect(
      restockFormProps(item({ merchandising: { restockNotificationsEnabled: false } }), root),
    ).toBeUndefined();
    expect(restockFormProps(item({ merchandising: undefined }), root)).toBeUndefined();
    for (const productType of [2, 4, 5]) {
      expect(
        restockFormProps(item({ structuredContent: { productType, variants: [] } }), root),
      ).toBeUndefined();
    }
    expect(restockFormProps(null, root)).toBeUndefined();
  });

  it("falls back to the spec's messages when the context lacks them", () => {
    const props = restockFormProps(
      item({ merchandising: { restockNotificationsEnabled: true } }),
      root,
    );
    expect(props?.messages).toMatchObject({
      emailBlank: 'Email cannot be blank',
      emailInvalid: 'Email is invalid',
      captchaIncomplete: 'Complete CAPTCHA before submitting.',
    });
    expect(props?.mailingListOptInByDefault).toBe(false);
  });
});
