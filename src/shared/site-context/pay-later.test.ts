import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '../catalog/product-types.ts';
import { payLaterContext, shopperLanguage } from './pay-later.ts';
import { readSiteContextSettings } from './settings.ts';

const site = (stored: Record<string, unknown> = {}, overrides: object = {}) => ({
  language: 'en-US',
  currency: 'USD',
  teaserEnabled: true,
  settings: readSiteContextSettings(stored),
  ...overrides,
});
const physical = (priceCents: number) => ({ productType: PRODUCT_TYPES.PHYSICAL, priceCents });

describe('shopperLanguage (docs/behaviour/pay-later.md#provider-locales)', () => {
  it.each([
    ['en-US', 'US', 'en_US'],
    ['fr-CA', 'CA', 'fr_CA'],
    ['en-CA', 'CA', 'en_CA'],
    ['de-DE', 'CA', 'en_CA'],
    ['en-AU', 'AU', 'en_AU'],
    ['en-NZ', 'NZ', 'en_NZ'],
    ['es-PR', 'PR', 'en_US'],
    ['de-DE', 'DE', 'en_US'],
  ])('%s on a %s account → %s', (language, country, expected) => {
    expect(shopperLanguage(language, country)).toBe(expected);
  });
});

describe('payLaterContext (docs/behaviour/pay-later.md#pay-later-context)', () => {
  it('is available for a physical product priced within the range', () => {
    expect(payLaterContext(physical(4500), site())).toEqual({
      afterPayAvailable: true,
      afterPayMin: 100,
      afterPayMax: 200_000,
      shopperLanguage: 'en_US',
      stripeAccountCountry: 'US',
    });
  });

  it('includes both ends of the range and nothing outside it', () => {
    const stored = { payLater: { minCents: 3500, maxCents: 100_000 } };
    expect(payLaterContext(physical(3500), site(stored)).afterPayAvailable).toBe(true);
    expect(payLaterContext(physical(100_000), site(stored)).afterPayAvailable).toBe(true);
    expect(payLaterContext(physical(3499), site(stored)).afterPayAvailable).toBe(false);
    expect(payLaterContext(physical(100_001), site(stored)).afterPayAvailable).toBe(false);
  });

  it('is not available with the flag off, for other product types, or another currency', () => {
    expect(
      payLaterContext(physical(4500), site({}, { teaserEnabled: false })).afterPayAvailable,
    ).toBe(false);
    for (const productType of [
      PRODUCT_TYPES.DIGITAL,
      PRODUCT_TYPES.SERVICE,
      PRODUCT_TYPES.GIFT_CARD,
    ])
      expect(payLaterContext({ productType, priceCents: 4500 }, site()).afterPayAvailable).toBe(
        false,
      );
    expect(payLaterContext(physical(4500), site({}, { currency: 'EUR' })).afterPayAvailable).toBe(
      false,
    );
    const german = site({ payLater: { stripeAccountCountry: 'DE' } }, { currency: 'EUR' });
    expect(payLaterContext(physical(4500), german)).toMatchObject({
      afterPayAvailable: false,
      shopperLanguage: 'en_US',
      stripeAccountCountry: 'DE',
    });
  });

  it('uses the account country for the locale and the currency', () => {
    const canada = site(
      { payLater: { stripeAccountCountry: 'CA' } },
      { currency: 'CAD', language: 'fr-CA' },
    );
    expect(payLaterContext(physical(4500), canada)).toMatchObject({
      afterPayAvailable: true,
      shopperLanguage: 'fr_CA',
      stripeAccountCountry: 'CA',
    });
  });
});
