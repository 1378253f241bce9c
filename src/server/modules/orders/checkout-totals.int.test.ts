/**
 * The checkout page never charges a total it did not show: 'Update totals' and the codes'
 * 'Apply' re-price the summary for what is typed (the path with JavaScript off), a 'Place order'
 * whose total is no longer the one shown is refused with the new total in front of the shopper,
 * and the address is picked from lists and checked per country.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCheckoutProducts,
  createCart,
  ITEMS,
  orderTablesSnapshot,
  setCheckoutSettings,
  shopper,
} from '../../../../test/helpers/checkout-fixtures.ts';
import { formPost, hiddenValue, inputTag, labelOf } from '../../../../test/helpers/page-html.ts';

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
  await setCheckoutSettings(harness.database.db);
  await addCheckoutProducts(harness.database.db);
});
afterAll(() => harness.close());

const NEW_YORK = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  line1: '1 Main St',
  city: 'Albany',
  region: 'NY',
  postalCode: '12207',
  country: 'US',
};

/** A shopper with one linen shirt ($68) in the cart, on the checkout page. */
async function shirtCheckout() {
  const { token } = await createCart(harness.database.db, [{ item: ITEMS.shirtM, quantity: 1 }]);
  const visitor = await shopper(harness.app, token);
  const page = await visitor.inject({ url: '/checkout' });
  const key = hiddenValue(page.body, 'idempotencyKey') ?? '';
  const post = (fields: Record<string, string>) =>
    formPost(visitor, '/checkout', { idempotencyKey: key, payment: 'success', ...fields });
  return { page: page.body, post };
}

const total = (html: string) => /<dt>Total<\/dt><dd>([^<]+)<\/dd>/.exec(html)?.[1];

describe('Update totals', () => {
  it('prices shipping, the coupon and New York tax for what is typed, and places nothing', async () => {
    const { page, post } = await shirtCheckout();
    expect(total(page)).toBe('$76.00');
    const before = await orderTablesSnapshot(harness.database.db);

    const updated = await post({
      ...NEW_YORK,
      shippingOptionId: 'express',
      couponCode: 'WELCOME10',
      intent: 'update',
    });
    expect(updated.statusCode).toBe(200);
    // $68 − 10 % = $61.20, + $25 Express = $86.20, + 8.75 % NY tax on both = $7.54: $93.74.
    expect(updated.body).toMatch(/<dt>Discount \(WELCOME10\)<\/dt><dd>−\$6\.80<\/dd>/);
    expect(updated.body).toMatch(/<dt>Shipping: Express<\/dt><dd>\$25\.00<\/dd>/);
    expect(updated.body).toMatch(/<dt>New York sales tax<\/dt><dd>\$7\.54<\/dd>/);
    expect(total(updated.body)).toBe('$93.74');
    expect(hiddenValue(updated.body, 'expectedTotal')).toBe('9374');
    // Everything typed is kept, the US region now a list of states with New York chosen.
    expect(hiddenValue(updated.body, 'couponCode')).toBe('WELCOME10');
    expect(hiddenValue(updated.body, 'country')).toBe('US');
    expect(hiddenValue(updated.body, 'region')).toBe('NY');
    expect(labelOf(updated.body, 'region')).toBe('State');
    expect(updated.body).toMatch(/name="shippingOptionId" value="express" checked/);
    expect(await orderTablesSnapshot(harness.database.db)).toEqual(before);
  });

  it('says beside the input why a code does not apply', async () => {
    const { post } = await shirtCheckout();
    const updated = await post({ couponCode: 'BOGUS', intent: 'update' });
    expect(updated.statusCode).toBe(200);
    expect(inputTag(updated.body, 'couponCode')).toContain('aria-invalid="true"');
    expect(total(updated.body)).toBe('$76.00');
  });
});

describe('Place order', () => {
  it('refuses a total other than the one shown with 409 and the new total, then places it', async () => {
    const { page, post } = await shirtCheckout();
    const before = await orderTablesSnapshot(harness.database.db);
    // The shopper picked Express and typed a New York address but never updated the summary.
    const shown = hiddenValue(page, 'expectedTotal') ?? '';
    expect(shown).toBe('7600');
    const refused = await post({ ...NEW_YORK, shippingOptionId: 'express', expectedTotal: shown });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(
      'Your order total has changed. Check the new total and place your order again.',
    );
    // $68 + $25 = $93, + 8.75 % = $8.14: $101.14, now on screen and in the form.
    expect(total(refused.body)).toBe('$101.14');
    expect(hiddenValue(refused.body, 'expectedTotal')).toBe('10114');
    expect(await orderTablesSnapshot(harness.database.db)).toEqual(before);

    const placed = await post({ ...NEW_YORK, shippingOptionId: 'express', expectedTotal: '10114' });
    expect(placed.statusCode).toBe(303);
    const confirmation = await harness.app.inject({ url: placed.headers.location ?? '' });
    expect(confirmation.body).toContain('$101.14');
  });
});

describe('the address', () => {
  it('checks the postal code and the state against the country', async () => {
    const { post } = await shirtCheckout();
    const refused = await post({ ...NEW_YORK, postalCode: '1220', region: 'Narnia' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Enter a ZIP code such as 12207 or 12207-1234');
    expect(refused.body).toContain('Choose a state from the list');
    const canada = await post({ ...NEW_YORK, country: 'CA', region: 'ON', postalCode: '12207' });
    expect(canada.body).toContain('Enter a postal code such as K1A 0B1');
    expect(labelOf(canada.body, 'region')).toBe('Province');
  });

  it('offers only the countries the store ships to when every rate names its countries', async () => {
    await setCheckoutSettings(harness.database.db, {
      shippingRates: [
        { id: 'domestic', name: 'Domestic', amountCents: 800, countries: ['US'] },
        { id: 'north', name: 'North', amountCents: 2_000, countries: ['CA', 'DK'] },
      ],
    });
    try {
      const { page } = await shirtCheckout();
      const options = [...inputTag(page, 'country').matchAll(/<option value="(\w*)"/g)].map(
        (match) => match[1],
      );
      expect(options).toEqual(['', 'CA', 'DK', 'US']);
    } finally {
      await setCheckoutSettings(harness.database.db);
    }
  });
});
