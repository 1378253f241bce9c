import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '../catalog/product-types.ts';
import { quoteCheckout, QUOTE_PROBLEMS, type QuoteInput } from './quote.ts';
import type { CheckoutSettings } from './settings.ts';

const settings: CheckoutSettings = {
  shippingRates: [
    { id: 'standard', name: 'Standard', amountCents: 800, freeAboveSubtotalCents: 15_000 },
    { id: 'express', name: 'Express', amountCents: 2_500, countries: ['US'] },
  ],
  taxRules: [
    {
      id: 'ny',
      name: 'New York',
      country: 'US',
      region: 'NY',
      rateBasisPoints: 875,
      appliesToShipping: true,
    },
    { id: 'us', name: 'Federal', country: 'US', rateBasisPoints: 100, appliesToShipping: false },
  ],
  coupons: [
    { code: 'WELCOME10', type: 'PERCENTAGE', percent: 10 },
    { code: 'FIVE', type: 'FIXED', amountCents: 500 },
  ],
};

const shirt = { productType: PRODUCT_TYPES.PHYSICAL, quantity: 2, unitPriceCents: 6_800 };
const giftCard = { productType: PRODUCT_TYPES.GIFT_CARD, quantity: 1, unitPriceCents: 5_000 };
const ebook = { productType: PRODUCT_TYPES.DIGITAL, quantity: 1, unitPriceCents: 1_000 };
const ny = { country: 'US', region: 'NY', city: 'Brooklyn', postalCode: '11201' };

function quote(overrides: Partial<QuoteInput>) {
  return quoteCheckout({
    currency: 'USD',
    lines: [shirt],
    settings,
    now: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  });
}

describe('quoteCheckout', () => {
  it('adds shipping (cheapest by default) and taxes by location to the subtotal', () => {
    const q = quote({ location: ny });
    expect(q.subtotalCents).toBe(13_600);
    expect(q.shippingOptions).toEqual([
      { id: 'standard', name: 'Standard', costCents: 800 },
      { id: 'express', name: 'Express', costCents: 2_500 },
    ]);
    expect(q.selectedShippingOption).toEqual({ id: 'standard', name: 'Standard', costCents: 800 });
    // NY 8.75 % of (13600 + 800) = 1260; federal 1 % of 13600 = 136.
    expect(q.applicableTaxRules.map((r) => [r.id, r.taxCents])).toEqual([
      ['ny', 1_260],
      ['us', 136],
    ]);
    expect(q.taxCents).toBe(1_396);
    expect(q.grandTotalCents).toBe(13_600 + 800 + 1_396);
    expect(q.amountDueCents).toBe(q.grandTotalCents);
    expect(q.problems).toEqual({});
    expect(q.shippingLocation).toEqual(ny);
  });

  it('uses the requested option and reports one that does not serve the address', () => {
    expect(quote({ location: ny, shippingOptionId: 'express' }).shippingCostCents).toBe(2_500);
    const abroad = quote({
      location: { ...ny, country: 'FR', region: null },
      shippingOptionId: 'express',
    });
    expect(abroad.shippingOptions.map((o) => o.id)).toEqual(['standard']);
    expect(abroad.problems).toEqual({ shippingOptionId: QUOTE_PROBLEMS.UNAVAILABLE_OPTION });
    expect(abroad.applicableTaxRules).toEqual([]);
  });

  it('reports a country no rate serves', () => {
    const only = {
      ...settings,
      shippingRates: [settings.shippingRates[1]].filter((r) => r !== undefined),
    };
    const q = quote({ settings: only, location: { ...ny, country: 'DE' } });
    expect(q.problems).toEqual({ 'shippingAddress.country': 'We do not ship to this country.' });
    expect(q.shippingCostCents).toBe(0);
  });

  it('ships free above the threshold and charges no shipping for digital goods or gift cards', () => {
    expect(quote({ lines: [{ ...shirt, quantity: 3 }], location: ny }).shippingCostCents).toBe(0);
    const digital = quote({ lines: [ebook, giftCard], location: ny });
    expect(digital.requiresShipping).toBe(false);
    expect(digital.shippingOptions).toEqual([]);
    expect(digital.selectedShippingOption).toBeNull();
  });

  it('discounts and taxes goods but never gift cards', () => {
    const q = quote({ lines: [ebook, giftCard], location: ny, couponCodes: ['welcome10'] });
    expect(q.discountCents).toBe(100);
    // Taxable 1000 − 100 = 900: NY 78.75 → 79, federal 9.
    expect(q.taxCents).toBe(79 + 9);
    expect(q.grandTotalCents).toBe(6_000 - 100 + 88);
  });

  it('pays with gift cards before the payment provider, keeping any rest on the card', () => {
    const q = quote({
      lines: [ebook],
      giftCardCodes: ['aaaa-bbbb', 'cccc'],
      giftCards: [
        { id: 'g1', code: 'AAAABBBB', currency: 'USD', balanceCents: 300 },
        { id: 'g2', code: 'CCCC', currency: 'USD', balanceCents: 5_000 },
      ],
    });
    expect(q.grandTotalCents).toBe(1_000);
    expect(q.giftCardRedemptions).toEqual([
      { giftCardId: 'g1', code: 'AAAABBBB', amountCents: 300, balanceAfterCents: 0 },
      { giftCardId: 'g2', code: 'CCCC', amountCents: 700, balanceAfterCents: 4_300 },
    ]);
    expect(q.giftCardCents).toBe(1_000);
    expect(q.amountDueCents).toBe(0);
  });

  it('charges no shipping when the store has no shipping rates', () => {
    const q = quote({ settings: { ...settings, shippingRates: [] }, location: ny });
    expect(q.shippingCostCents).toBe(0);
    expect(q.problems).toEqual({});
  });

  it('lists every rate before a country is known', () => {
    const q = quote({});
    expect(q.shippingOptions.map((o) => o.id)).toEqual(['standard', 'express']);
    expect(q.taxCents).toBe(0);
    expect(q.shippingLocation).toBeNull();
  });

  it('is all zero for an empty cart', () => {
    const q = quote({ lines: [] });
    expect([q.subtotalCents, q.grandTotalCents, q.amountDueCents, q.shippingCostCents]).toEqual([
      0, 0, 0, 0,
    ]);
  });
});
