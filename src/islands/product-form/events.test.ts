// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceCartAdded, announceVariant } from './events.ts';

afterEach(() => vi.restoreAllMocks());

describe('the product form page events (contracts with the restock form and analytics)', () => {
  it("dispatches 'vitrine:variant-change' and 'vitrine:cart-added' on document", () => {
    const seen: [string, unknown][] = [];
    const record = (event: Event) => seen.push([event.type, (event as CustomEvent).detail]);
    document.addEventListener('vitrine:variant-change', record);
    document.addEventListener('vitrine:cart-added', record);
    announceVariant({ itemId: 'a', variantId: null, soldOut: false });
    const added = {
      itemId: 'a',
      variantId: 'v',
      sku: 'S',
      quantity: 2,
      isExpress: false,
      cart: {},
    };
    announceCartAdded(added);
    expect(seen).toEqual([
      ['vitrine:variant-change', { itemId: 'a', variantId: null, soldOut: false }],
      ['vitrine:cart-added', added],
    ]);
    document.removeEventListener('vitrine:variant-change', record);
    document.removeEventListener('vitrine:cart-added', record);
  });
});
