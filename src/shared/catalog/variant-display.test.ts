import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SOLD_OUT_TEXT,
  displayedPrice,
  isSelectionSoldOut,
  scarcityNotice,
  soldOutNotice,
  soldOutText,
  UNAVAILABLE_PRICE_TEXT,
  type DisplayProduct,
  type DisplayVariant,
  type ScarcityContext,
} from './variant-display.ts';

const format = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const shirt: DisplayProduct = { tracksStock: true, isSubscribable: false, subscriptionPlan: null };
const variant = (over: Partial<DisplayVariant> = {}): DisplayVariant => ({
  id: 'v1',
  price: 6800,
  salePrice: 0,
  onSale: false,
  unlimited: false,
  qtyInStock: 3,
  ...over,
});
const chosen = (v: DisplayVariant) => ({ kind: 'variant', variant: v }) as const;

describe('displayedPrice', () => {
  it('keeps the initial display while an option is unchosen', () => {
    expect(displayedPrice(shirt, { kind: 'incomplete' }, format)).toEqual({ kind: 'initial' });
  });

  it("says 'Unavailable' when no variant has the combination", () => {
    expect(UNAVAILABLE_PRICE_TEXT).toBe('Unavailable');
    expect(displayedPrice(shirt, { kind: 'no-match' }, format)).toEqual({
      kind: 'unavailable',
      text: 'Unavailable',
    });
  });

  it('shows the price, or the sale price with the original to strike through', () => {
    expect(displayedPrice(shirt, chosen(variant()), format)).toEqual({
      kind: 'price',
      current: '$68.00',
    });
    expect(
      displayedPrice(shirt, chosen(variant({ onSale: true, salePrice: 5000 })), format),
    ).toEqual({ kind: 'price', current: '$50.00', original: '$68.00' });
  });

  it('adds the plan wording for a subscribable product', () => {
    const plan = (value: number, unit: string, numBillingCycles: number) => ({
      ...shirt,
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value, unit }, numBillingCycles },
    });
    const wording = (product: DisplayProduct) => {
      const shown = displayedPrice(product, chosen(variant()), format);
      return shown.kind === 'price' ? shown.wording : shown.kind;
    };
    expect(wording(plan(1, 'MONTH', 12))).toBe('every month for 1 year');
    expect(wording(plan(1, 'WEEK', 104))).toBe('every week for 2 years');
    expect(wording(plan(2, 'WEEK', 26))).toBe('every 2 weeks for 1 year');
    expect(wording(plan(1, 'YEAR', 0))).toBe('every year');
    expect(wording(plan(3, 'MONTH', 3))).toBe('every 3 months for 9 months');
    expect(wording({ ...plan(1, 'MONTH', 12), keepOriginalUnit: true })).toBe(
      'every month for 12 months',
    );
    expect(wording({ ...shirt, isSubscribable: true, subscriptionPlan: { nope: 1 } })).toBe(
      'unavailable',
    );
  });
});

describe('sold out', () => {
  it("uses the custom text, else 'Sold Out'", () => {
    expect(DEFAULT_SOLD_OUT_TEXT).toBe('Sold Out');
    expect(soldOutText('')).toBe('Sold Out');
    expect(soldOutText(undefined)).toBe('Sold Out');
    expect(soldOutText('Gone for now')).toBe('Gone for now');
  });

  it('shows for a chosen variant with no stock only', () => {
    expect(soldOutNotice(shirt, chosen(variant({ qtyInStock: 0 })), '')).toBe('Sold Out');
    expect(soldOutNotice(shirt, chosen(variant({ qtyInStock: -1 })), 'Gone')).toBe('Gone');
    expect(
      soldOutNotice(shirt, chosen(variant({ qtyInStock: 0, unlimited: true })), ''),
    ).toBeUndefined();
    expect(soldOutNotice(shirt, chosen(variant()), '')).toBeUndefined();
    expect(soldOutNotice(shirt, { kind: 'incomplete' }, '')).toBeUndefined();
    expect(
      soldOutNotice({ ...shirt, tracksStock: false }, chosen(variant({ qtyInStock: 0 })), ''),
    ).toBeUndefined();
    expect(isSelectionSoldOut(shirt, chosen(variant({ qtyInStock: 0 })))).toBe(true);
    expect(isSelectionSoldOut(shirt, { kind: 'incomplete' })).toBe(false);
  });
});

describe('scarcityNotice', () => {
  const context: ScarcityContext = {
    scarcityEnabled: true,
    scarcityThreshold: 5,
    scarcityText: 'Only {qty} left in stock',
    scarcityShownByDefault: false,
  };
  const low = variant({ id: 'low', qtyInStock: 2 });
  const plenty = variant({ id: 'plenty', qtyInStock: 40 });

  it("shows the chosen variant's alert from its current stock", () => {
    expect(scarcityNotice(context, chosen(low), [plenty, low], false)).toBe('Only 2 left in stock');
    expect(scarcityNotice(context, chosen(plenty), [plenty, low], false)).toBeUndefined();
    expect(scarcityNotice(context, chosen(variant({ qtyInStock: 0 })), [], false)).toBeUndefined();
    expect(scarcityNotice(context, chosen(variant({ qtyInStock: 5 })), [], false)).toBe(
      'Only 5 left in stock',
    );
    expect(
      scarcityNotice({ ...context, scarcityEnabled: false }, chosen(low), [], false),
    ).toBeUndefined();
  });

  it('is hidden with an option unchosen, unless shown by default before any choice', () => {
    expect(scarcityNotice(context, { kind: 'incomplete' }, [plenty, low], true)).toBeUndefined();
    const byDefault = { ...context, scarcityShownByDefault: true };
    expect(scarcityNotice(byDefault, { kind: 'incomplete' }, [plenty, low], true)).toBe(
      'Only 2 left in stock',
    );
    expect(scarcityNotice(byDefault, { kind: 'incomplete' }, [plenty, low], false)).toBeUndefined();
  });
});
