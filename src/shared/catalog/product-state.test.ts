import { describe, expect, it } from 'vitest';
import {
  hasProductVariants,
  hasVariedPrices,
  isProductOnSale,
  isProductSoldOut,
  lowestPrice,
  productStateOf,
  type ProductState,
} from './product-state.ts';
import { PRODUCT_TYPES } from './product-types.ts';

const physical = (variants: ProductState['variants']): ProductState => ({
  productType: PRODUCT_TYPES.PHYSICAL,
  variants,
});

describe('sold out', () => {
  it('is sold out when no variant is unlimited or in stock', () => {
    expect(isProductSoldOut(physical([{ qtyInStock: 0 }, { qtyInStock: -2 }]))).toBe(true);
    expect(isProductSoldOut(physical([]))).toBe(true);
    expect(isProductSoldOut(physical([{ qtyInStock: 0 }, { qtyInStock: 1 }]))).toBe(false);
    expect(isProductSoldOut(physical([{ qtyInStock: 0, unlimited: true }]))).toBe(false);
    const service: ProductState = {
      productType: PRODUCT_TYPES.SERVICE,
      variants: [{ qtyInStock: 0 }],
    };
    expect(isProductSoldOut(service)).toBe(true);
  });

  it('never holds for digital goods, gift cards, PAYWALL or an unknown type', () => {
    for (const productType of [
      PRODUCT_TYPES.DIGITAL,
      PRODUCT_TYPES.GIFT_CARD,
      PRODUCT_TYPES.PAYWALL,
      -1,
      99,
    ]) {
      expect(isProductSoldOut({ productType, variants: [{ qtyInStock: 0 }] })).toBe(false);
      expect(isProductSoldOut({ productType, variants: [] })).toBe(false);
    }
  });
});

describe('on sale', () => {
  it('follows the variants of physical goods and services', () => {
    expect(isProductOnSale(physical([{ onSale: false }, { onSale: true }]))).toBe(true);
    expect(isProductOnSale(physical([{ onSale: false }]))).toBe(false);
  });

  it('follows the product itself for digital goods', () => {
    const digital = { productType: PRODUCT_TYPES.DIGITAL, variants: [{ onSale: true }] };
    expect(isProductOnSale(digital)).toBe(false);
    expect(isProductOnSale({ ...digital, onSale: true })).toBe(true);
  });

  it('never holds for gift cards, whatever their flags', () => {
    const card = { productType: PRODUCT_TYPES.GIFT_CARD, variants: [{ onSale: true }] };
    expect(isProductOnSale(card)).toBe(false);
    expect(isProductOnSale({ ...card, onSale: true })).toBe(false);
  });
});

describe('variants and prices', () => {
  it('has variants with more than one, except digital goods', () => {
    expect(hasProductVariants(physical([{}, {}]))).toBe(true);
    expect(hasProductVariants(physical([{}]))).toBe(false);
    expect(hasProductVariants({ productType: PRODUCT_TYPES.DIGITAL, variants: [{}, {}] })).toBe(
      false,
    );
  });

  it('compares the prices buyers pay now', () => {
    const p = physical([{ price: 1000 }, { price: 1200, salePrice: 1000, onSale: true }]);
    expect(hasVariedPrices(p)).toBe(false);
    expect(hasVariedPrices(physical([{ price: 1000 }, { price: 1200 }]))).toBe(true);
    expect(
      lowestPrice(physical([{ price: 1500 }, { price: 2000, salePrice: 900, onSale: true }])),
    ).toBe(900);
    expect(lowestPrice({ productType: PRODUCT_TYPES.GIFT_CARD, variants: [], price: 2500 })).toBe(
      2500,
    );
  });
});

describe('productStateOf', () => {
  it('reads template data with Money objects or cents', () => {
    const state = productStateOf({
      productType: 1,
      variants: [
        { qtyInStock: 3, priceMoney: { value: '12.50', currency: 'USD' } },
        { unlimited: true, price: 900, onSale: true, salePrice: 700 },
      ],
    });
    expect(state?.variants).toEqual([
      { unlimited: false, qtyInStock: 3, onSale: false, price: 1250, salePrice: undefined },
      { unlimited: true, qtyInStock: 0, onSale: true, price: 900, salePrice: 700 },
    ]);
    expect(state && lowestPrice(state)).toBe(700);
    expect(productStateOf('nope')).toBeNull();
    expect(productStateOf({})?.productType).toBe(-1);
  });
});
