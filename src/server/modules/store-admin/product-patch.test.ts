import { describe, expect, it } from 'vitest';
import { productRecord } from '../../../shared/site-file/index.ts';
import { applyProductPatch, productPatch } from './product-patch.ts';

const current = productRecord.parse({
  id: 'tee',
  title: 'Tee',
  fullUrl: '/shop/p/tee',
  productType: 1,
  description: 'Cotton.',
  tags: ['cotton'],
  variantOptionOrdering: ['Size'],
  variants: [
    { id: 'tee-s', sku: 'TEE-S', attributes: { Size: 'S' }, price: 2_000, qtyInStock: 4 },
    { id: 'tee-m', sku: 'TEE-M', attributes: { Size: 'M' }, price: 2_000, qtyInStock: 0 },
  ],
});

describe('productPatch', () => {
  it('leaves out what was not sent instead of filling the import defaults', () => {
    expect(productPatch.parse({ title: 'New' })).toEqual({ title: 'New' });
    expect(productPatch.parse({ variants: [{ id: 'tee-s', price: 1 }] })).toEqual({
      variants: [{ id: 'tee-s', price: 1 }],
    });
  });

  it('takes null for the fields a record may leave out, and only those', () => {
    expect(productPatch.safeParse({ description: null, subscriptionPlan: null }).success).toBe(
      true,
    );
    expect(productPatch.safeParse({ title: null }).success).toBe(false);
    expect(productPatch.safeParse({ tags: null }).success).toBe(false);
  });

  it('refuses an empty patch, unknown fields and fields owners do not edit here', () => {
    for (const body of [{}, { fullUrl: '/x' }, { productType: 2 }, { images: [] }, { id: 'x' }]) {
      expect(productPatch.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});

describe('applyProductPatch', () => {
  it('changes only the patched fields and variants', () => {
    const outcome = applyProductPatch(current, {
      title: 'Tee shirt',
      description: null,
      variants: [{ id: 'tee-m', price: 2_500, salePrice: 1_900, onSale: true }],
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.product.title).toBe('Tee shirt');
    expect(outcome.product).not.toHaveProperty('description');
    expect(outcome.product.tags).toEqual(['cotton']);
    expect(outcome.product.variants).toEqual([
      current.variants[0],
      { ...current.variants[1], price: 2_500, salePrice: 1_900, onSale: true },
    ]);
  });

  it("names a variant's problem by its place in the patch, not in the product", () => {
    const outcome = applyProductPatch(current, {
      variants: [{ id: 'tee-m', onSale: true, salePrice: 3_000 }],
    });
    expect(outcome).toEqual({
      ok: false,
      fields: { 'variants.0.salePrice': 'A variant on sale needs a salePrice below its price' },
    });
  });

  it('refuses a variant the product does not have', () => {
    expect(applyProductPatch(current, { variants: [{ id: 'tee-xl', price: 1 }] })).toEqual({
      ok: false,
      fields: { 'variants.0.id': 'No variant "tee-xl" in this product' },
    });
  });

  it('checks the product whole, as the import does', () => {
    expect(applyProductPatch(current, { isSubscribable: true })).toEqual({
      ok: false,
      fields: { subscriptionPlan: 'A subscribable product needs a subscriptionPlan' },
    });
    expect(applyProductPatch(current, { variantOptionOrdering: ['Colour'] })).toMatchObject({
      ok: false,
      fields: { variantOptionOrdering: 'Must list each option name once: Size' },
    });
  });

  describe('the publish time of a scheduled product', () => {
    const scheduled = productRecord.parse({
      ...current,
      status: 'scheduled',
      publishOn: '2030-01-01T09:00:00Z',
    });

    it('goes when the product leaves the schedule without a new time', () => {
      for (const status of ['published', 'draft', 'private'] as const) {
        const outcome = applyProductPatch(scheduled, { status });
        expect(outcome.ok, status).toBe(true);
        if (outcome.ok) expect(outcome.product, status).not.toHaveProperty('publishOn');
      }
    });

    it('stays while the product stays scheduled, and is replaced when a time is sent', () => {
      const kept = applyProductPatch(scheduled, { title: 'Tee shirt' });
      expect(kept.ok && kept.product.publishOn).toBe('2030-01-01T09:00:00Z');
      const moved = applyProductPatch(scheduled, { publishOn: '2031-02-03T10:00:00Z' });
      expect(moved.ok && moved.product.publishOn).toBe('2031-02-03T10:00:00Z');
      const stamped = applyProductPatch(scheduled, {
        status: 'published',
        publishOn: '2026-11-28T04:00:00Z',
      });
      expect(stamped.ok && stamped.product.publishOn).toBe('2026-11-28T04:00:00Z');
    });
  });
});
