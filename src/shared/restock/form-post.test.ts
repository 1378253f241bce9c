import { describe, expect, it } from 'vitest';
import {
  RESTOCK_FORM_PATH,
  RESTOCK_SIGNUP_API_PATH,
  restockFormUrl,
  restockSignedUpUrl,
} from './form-post.ts';

describe('restock form post', () => {
  it('posts to its own path, beside the JSON sign-up', () => {
    expect(RESTOCK_FORM_PATH).toBe('/commerce/restock-signup');
    expect(RESTOCK_SIGNUP_API_PATH).toBe('/api/vitrine/restock/signups');
  });

  it('returns to the success message or the form of the product page', () => {
    expect(restockSignedUpUrl('/shop/p/shirt')).toBe('/shop/p/shirt#restock-signed-up');
    expect(restockFormUrl('/shop/p/shirt')).toBe('/shop/p/shirt#restock');
  });
});
