import { describe, expect, it } from 'vitest';
import {
  RESTOCK_FORM_PATH,
  RESTOCK_SIGNUP_API_PATH,
  restockFormId,
  restockFormUrl,
  restockSignedUpUrl,
} from './form-post.ts';

describe('restock form post', () => {
  it('posts to its own path, beside the JSON sign-up', () => {
    expect(RESTOCK_FORM_PATH).toBe('/commerce/restock-signup');
    expect(RESTOCK_SIGNUP_API_PATH).toBe('/api/vitrine/restock/signups');
  });

  it("names each product's form, for the crumb field beside it", () => {
    expect(restockFormId('shirt')).toBe('restock-form-shirt');
  });

  it('returns to the success message or the form of the product page', () => {
    expect(restockSignedUpUrl('/shop/p/shirt')).toBe('/shop/p/shirt#restock-signed-up');
    expect(restockFormUrl('/shop/p/shirt')).toBe('/shop/p/shirt#restock');
  });
});
