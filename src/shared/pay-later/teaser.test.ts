import { describe, expect, it } from 'vitest';
import { payLaterOffered, payLaterTeaserProps, teaserPropsShown } from './teaser.ts';

describe('payLaterOffered', () => {
  it('needs the feature gate', () => {
    expect(
      payLaterOffered({ teaserEnabled: false, stripeAccountCountry: 'US', currency: 'USD' }),
    ).toBe(false);
    expect(
      payLaterOffered({ teaserEnabled: true, stripeAccountCountry: 'US', currency: 'USD' }),
    ).toBe(true);
  });

  it('needs a provider country selling in its own currency', () => {
    expect(
      payLaterOffered({ teaserEnabled: true, stripeAccountCountry: 'CA', currency: 'CAD' }),
    ).toBe(true);
    expect(
      payLaterOffered({ teaserEnabled: true, stripeAccountCountry: 'AU', currency: 'AUD' }),
    ).toBe(true);
    expect(
      payLaterOffered({ teaserEnabled: true, stripeAccountCountry: 'NZ', currency: 'NZD' }),
    ).toBe(true);
    expect(
      payLaterOffered({ teaserEnabled: true, stripeAccountCountry: 'CA', currency: 'USD' }),
    ).toBe(false);
    expect(
      payLaterOffered({ teaserEnabled: true, stripeAccountCountry: 'DE', currency: 'EUR' }),
    ).toBe(false);
  });

  it('counts US territories as the US', () => {
    expect(
      payLaterOffered({ teaserEnabled: true, stripeAccountCountry: 'PR', currency: 'USD' }),
    ).toBe(true);
  });
});

describe('teaser props', () => {
  const props = {
    available: true,
    productType: 1,
    totalCents: 6800,
    minCents: 100,
    maxCents: 200000,
    currency: 'USD',
    moneyLocale: 'en-US',
    providerLocale: 'en_US',
    strings: {
      payLaterText: 'a',
      payLaterOneLine: 'b',
      payLaterMoreInformation: 'c',
      payLaterClosePopup: 'd',
      payLaterInstallmentsBy: 'e',
    },
  };

  it('shows for an available physical product, not for others', () => {
    expect(teaserPropsShown(payLaterTeaserProps.parse(props))).toBe(true);
    expect(teaserPropsShown({ ...props, productType: 2 })).toBe(false);
    expect(teaserPropsShown({ ...props, available: false })).toBe(false);
  });

  it('on the cart page, shows for a non-empty cart of physical items only', () => {
    const cart = (productTypes: number[], totalQuantity = 2) => ({
      ...props,
      cart: { totalQuantity, productTypes },
    });
    expect(teaserPropsShown(payLaterTeaserProps.parse(cart([1])))).toBe(true);
    expect(teaserPropsShown(cart([1, 1]))).toBe(true);
    expect(teaserPropsShown(cart([1, 2]))).toBe(false);
    expect(teaserPropsShown(cart([1], 0))).toBe(false);
    expect(teaserPropsShown(cart([]))).toBe(false);
  });

  it('refuses props of the wrong shape', () => {
    expect(payLaterTeaserProps.safeParse({ ...props, providerLocale: 'en-US' }).success).toBe(
      false,
    );
    expect(payLaterTeaserProps.safeParse({ ...props, totalCents: 1.5 }).success).toBe(false);
  });
});
