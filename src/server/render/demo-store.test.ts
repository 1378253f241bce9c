/**
 * The demo store carries a product for every commerce behaviour of docs/behaviour/ (issue #6),
 * so a fresh start shows each one: this names the product that exercises it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '../../shared/catalog/product-types.ts';
import { readSiteContextSettings } from '../../shared/site-context/settings.ts';
import { parseSiteFile, type SiteFile } from '../../shared/site-file/index.ts';

function demo(): SiteFile {
  const result = parseSiteFile(JSON.parse(readFileSync('demo/site.json', 'utf8')));
  if (!result.success) throw new Error(result.errors.join('\n'));
  return result.data;
}

const site = demo();
const settings = readSiteContextSettings(site.website.settings);
const product = (id: string) => {
  const found = site.products.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`the demo has no product ${id}`);
  return found;
};
const optionCount = (id: string) => Object.keys(product(id).variants[0]?.attributes ?? {}).length;
const soldOut = (variant: { unlimited: boolean; qtyInStock: number }) =>
  !variant.unlimited && variant.qtyInStock <= 0;

describe('the demo store', () => {
  it('has physical products with one, two and three options', () => {
    expect(optionCount('market-tote')).toBe(1);
    expect(optionCount('linen-shirt')).toBe(2);
    expect(optionCount('work-jacket')).toBe(3);
    for (const id of ['market-tote', 'linen-shirt', 'work-jacket'])
      expect(product(id).productType).toBe(PRODUCT_TYPES.PHYSICAL);
  });

  it('has a sold-out variant beside variants in stock', () => {
    const shirt = product('linen-shirt');
    expect(shirt.variants.some(soldOut)).toBe(true);
    expect(shirt.variants.some((variant) => !soldOut(variant))).toBe(true);
  });

  it('has low stock with scarcity on, shown by default', () => {
    const own = settings.productMerchandising['wool-beanie'];
    expect(own).toMatchObject({ scarcityEnabled: true, scarcityShownByDefault: true });
    const threshold = own?.scarcityThreshold ?? 5;
    expect(
      product('wool-beanie').variants.some((v) => v.qtyInStock > 0 && v.qtyInStock <= threshold),
    ).toBe(true);
  });

  it('takes restock sign-ups for a product with a sold-out variant', () => {
    expect(settings.productMerchandising['market-tote']).toMatchObject({
      restockNotificationsEnabled: true,
      mailingListSignUpEnabled: true,
    });
    expect(product('market-tote').variants.some(soldOut)).toBe(true);
  });

  it('has a custom sold-out text and a custom add button on a product with sold-out variants', () => {
    expect(settings.productMerchandising['work-jacket']?.customSoldOutText).toBe('Back in spring');
    const jacket = product('work-jacket');
    expect(jacket).toMatchObject({
      useCustomAddButtonText: true,
      customAddButtonText: 'Add jacket to bag',
    });
    expect(jacket.variants.some(soldOut)).toBe(true);
  });

  it('has product branching: the flag, template 7.1 and two options that do not all combine', () => {
    expect(settings.featureFlags.productBranching).toBe(true);
    expect(settings.templateVersion).toBe('7.1');
    const mug = product('stoneware-mug');
    expect(optionCount('stoneware-mug')).toBe(2);
    const sizes = new Set(mug.variants.map((v) => v.attributes.Size));
    const glazes = new Set(mug.variants.map((v) => v.attributes.Glaze));
    expect(mug.variants.length).toBeLessThan(sizes.size * glazes.size);
  });

  it('has a product on sale, a digital product and a service sold in quantities', () => {
    expect(product('linen-napkins').variants.every((v) => v.onSale && v.salePrice < v.price)).toBe(
      true,
    );
    expect(product('shirt-pattern').productType).toBe(PRODUCT_TYPES.DIGITAL);
    expect(product('mending-session').productType).toBe(PRODUCT_TYPES.SERVICE);
    expect(settings.multipleQuantityAllowedForServices).toBe(true);
  });

  it('has a gift card with denominations and a subscribable product with its plan', () => {
    const card = product('store-gift-card');
    expect(card.productType).toBe(PRODUCT_TYPES.GIFT_CARD);
    expect(card.variants.map((v) => v.price)).toEqual([2500, 5000, 10000]);
    expect(product('tea-of-the-month')).toMatchObject({
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
    });
  });

  it('has a product with an extra-fields form', () => {
    const formId = product('monogram-handkerchief').additionalFieldsFormId;
    const form = site.forms.find((candidate) => candidate.id === formId);
    expect(form?.fields.some((field) => field.required)).toBe(true);
  });

  it('has reviews for several products, more than a page (10) for one', () => {
    const reviewed = new Set(site.reviews.map((review) => review.productId));
    expect(reviewed.size).toBeGreaterThanOrEqual(3);
    expect(
      site.reviews.filter((review) => review.productId === 'linen-shirt').length,
    ).toBeGreaterThan(10);
  });

  it('keeps the coupon, the two shipping rates and the NY tax rule', () => {
    const stored = site.website.settings as Record<string, unknown>;
    expect(stored.coupons).toEqual([expect.objectContaining({ code: 'WELCOME10' })]);
    expect((stored.shippingRates as { id: string }[]).map((rate) => rate.id)).toEqual([
      'standard',
      'express',
    ]);
    expect(stored.taxRules).toEqual([expect.objectContaining({ country: 'US', region: 'NY' })]);
  });

  it('gives each product an excerpt that does not repeat its description (a page shows both)', () => {
    const words = (text: string) =>
      text
        .replace(/<[^>]+>/g, ' ')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
    for (const { id, excerpt, description } of site.products) {
      const sentence = words(excerpt ?? '');
      expect(sentence.length, id).toBeGreaterThan(3);
      // No run of five words of the excerpt is found in the description.
      const body = ` ${words(description ?? '').join(' ')} `;
      for (let start = 0; start + 5 <= sentence.length; start += 1)
        expect(body, id).not.toContain(` ${sentence.slice(start, start + 5).join(' ')} `);
    }
  });
});
