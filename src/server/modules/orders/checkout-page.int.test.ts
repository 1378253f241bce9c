/**
 * The checkout page with JavaScript off: the form's fields and labels, one order for a double
 * submit, every refusal re-rendered with its message and what was typed, and the confirmation
 * page only the buyer can open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { schema } from '../../db/index.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCheckoutProducts,
  createCart,
  ITEMS,
  orderTablesSnapshot,
  setCheckoutSettings,
  shopper,
  stockOf,
  type Item,
} from '../../../../test/helpers/checkout-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { formPost, hiddenValue, inputTag, labelOf } from '../../../../test/helpers/page-html.ts';

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
  await setCheckoutSettings(harness.database.db);
  await addCheckoutProducts(harness.database.db);
});
afterAll(() => harness.close());

const ADDRESS = {
  name: 'Ada Lovelace',
  line1: '1 Main St',
  line2: 'Apt 4',
  city: 'Albany',
  region: 'NY',
  postalCode: '12207',
  country: 'US',
};

async function checkoutFor(entries: { item: Item; quantity: number }[]) {
  const { token, cartId } = await createCart(harness.database.db, entries);
  const visitor = await shopper(harness.app, token);
  const page = await visitor.inject({ url: '/checkout' });
  expect(page.statusCode).toBe(200);
  return { visitor, cartId, token, html: page.body, key: hiddenValue(page.body, 'idempotencyKey') };
}

function submit(
  visitor: Visitor,
  key: string | undefined,
  fields: Record<string, string>,
  url = '/checkout',
) {
  return formPost(visitor, url, { idempotencyKey: key ?? '', payment: 'success', ...fields });
}

async function orderCount(cartId: string): Promise<number> {
  const [row] = await harness.database.db
    .select({ n: count() })
    .from(schema.orders)
    .where(eq(schema.orders.cartId, cartId));
  return row?.n ?? 0;
}

describe('GET /checkout', () => {
  it('renders the form with the exact labels, options, codes and test payments (page type 201)', async () => {
    const { html, key, token } = await checkoutFor([{ item: ITEMS.shirtM, quantity: 1 }]);
    expect(html).toContain('<body data-page-type="201">');
    expect(html).toMatch(/<form class="checkout-form" method="post" action="\/checkout" /);
    // The cookie's cart token is a secret: never written into the page.
    expect(html).not.toContain(token);
    const labels = {
      email: 'Email',
      name: 'Full name',
      line1: 'Address line 1',
      line2: 'Address line 2',
      city: 'City',
      region: 'Region',
      postalCode: 'Postal code',
      country: 'Country',
      couponCode: 'Coupon code',
      giftCardCode: 'Gift card code',
    };
    for (const [name, label] of Object.entries(labels)) expect(labelOf(html, name)).toBe(label);
    expect(inputTag(html, 'email')).toContain('type="email"');
    // Country: a select of the countries the store ships to (Standard reaches every country),
    // named in the site's language, the ISO code as the value, for the browser's autofill.
    const country = inputTag(html, 'country');
    expect(country).toMatch(
      /^<select id="checkout-country" name="country" autocomplete="shipping country" required>/,
    );
    expect(country).toContain('<option value="" selected>Select a country</option>');
    expect(country).toContain('<option value="US">United States</option>');
    expect(country).toContain('<option value="DE">Germany</option>');
    expect(country.match(/<option /g)).toHaveLength(250);
    // No country yet: the region is text; each country with a list travels as a template.
    expect(inputTag(html, 'region')).toMatch(/^<input type="text"/);
    expect(html).toContain('<template data-region-list="US" data-label="State">');
    expect(html).toContain('<option value="NY">New York</option>');
    expect(key).toMatch(/^checkout-[0-9a-f-]{36}$/);
    // Shipping options as radios, the cheapest chosen.
    expect(html).toMatch(/name="shippingOptionId" value="standard" checked/);
    expect(html).toContain('Standard — $8.00');
    expect(html).toContain('Express — $25.00');
    // The summary names the chosen option once, whatever brackets its own name carries.
    expect(html).toMatch(/<dt>Shipping: Standard<\/dt>/);
    // The 'Test payment' radio group: Success (default), Decline, Error.
    expect(html).toContain('<legend>Test payment</legend>');
    const payments = [...html.matchAll(/name="payment" value="(\w+)"( checked)?/g)].map((m) => [
      m[1],
      m[2] !== undefined,
    ]);
    expect(payments).toEqual([
      ['success', true],
      ['decline', false],
      ['error', false],
    ]);
    expect(html).toContain('<label for="checkout-payment-success">Success</label>');
    expect(html).toContain('<label for="checkout-payment-decline">Decline</label>');
    expect(html).toContain('<label for="checkout-payment-error">Error</label>');
    expect(html).toContain(
      '<button type="submit" class="button button-primary" name="intent" value="place">Place order</button>',
    );
    expect(html).toContain(
      '<button type="submit" class="button" name="intent" value="update" formnovalidate data-update-totals>Update totals</button>',
    );
    // The amount due the summary shows travels with the form.
    expect(hiddenValue(html, 'expectedTotal')).toBe('7600');
    // The summary from the quote: $68.00 + $8.00 shipping.
    expect(html).toContain('Linen Shirt');
    expect(html).toMatch(/<dt>Total<\/dt><dd>\$76\.00<\/dd>/);
  });

  it('issues a fresh idempotency key with every rendering', async () => {
    const { visitor, key } = await checkoutFor([{ item: ITEMS.notebook, quantity: 1 }]);
    const again = await visitor.inject({ url: '/checkout' });
    expect(hiddenValue(again.body, 'idempotencyKey')).not.toBe(key);
  });

  it('asks no address for a cart without physical goods', async () => {
    const { html } = await checkoutFor([{ item: ITEMS.ebook, quantity: 1 }]);
    expect(labelOf(html, 'email')).toBe('Email');
    expect(html).not.toContain('name="line1"');
    expect(html).not.toContain('name="shippingOptionId"');
  });

  it('shows the empty cart without a form', async () => {
    const visitor = await newVisitor(harness.app, '/checkout');
    const response = await visitor.inject({ url: '/checkout' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Your cart is empty.');
    expect(response.body).not.toContain('Place order');
  });
});

describe('POST /checkout', () => {
  it('places one order for a double submit and redirects both to the same confirmation', async () => {
    const { visitor, cartId, key } = await checkoutFor([{ item: ITEMS.shirtM, quantity: 1 }]);
    const fields = { email: 'ada@example.com', ...ADDRESS, shippingOptionId: 'express' };
    const [first, second] = await Promise.all([
      submit(visitor, key, fields),
      submit(visitor, key, fields),
    ]);
    expect(first.statusCode).toBe(303);
    expect(second.statusCode).toBe(303);
    expect(first.headers.location).toMatch(/^\/commerce\/orders\/[\w-]+\?token=[\w-]+$/);
    expect(second.headers.location).toBe(first.headers.location);
    // A reload of the post after the cart cookie was cleared replays the same order too.
    const reload = await submit(visitor, key, fields);
    expect(reload.statusCode).toBe(303);
    expect(reload.headers.location).toBe(first.headers.location);
    expect(await orderCount(cartId)).toBe(1);
    // The bought cart's cookie is cleared: the cart page is empty again.
    expect(visitor.cookies.has('vitrine-cart-token')).toBe(false);
  });

  it('opens the confirmation for the buyer only; another visitor gets 404', async () => {
    const { visitor, key } = await checkoutFor([{ item: ITEMS.notebook, quantity: 2 }]);
    const placed = await submit(visitor, key, { email: 'buyer@example.com', ...ADDRESS });
    const location = placed.headers.location as string;
    const orderId = /\/commerce\/orders\/([\w-]+)\?/.exec(location)?.[1] ?? '';

    const page = await visitor.inject({ url: location });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<body data-page-type="202">');
    expect(page.body).toContain('Thank you for your order');
    const [numbered] = await harness.database.db
      .select({ number: schema.orders.number })
      .from(schema.orders)
      .where(eq(schema.orders.id, orderId));
    // People see the short per-site number, not the id.
    expect(numbered?.number).toBeGreaterThanOrEqual(1001);
    expect(page.body).toContain(`Order number <strong>${numbered?.number}</strong>`);
    expect(page.body).not.toContain('Payment received, confirming…');
    expect(page.body).toContain('buyer@example.com');
    expect(page.body).toContain('Field Notebook');
    expect(page.body).toContain('$36.00');

    const stranger = await newVisitor(harness.app, '/');
    for (const url of [
      `/commerce/orders/${orderId}`,
      `/commerce/orders/${orderId}?token=forged`,
      `/commerce/orders/${orderId}?token=${'A'.repeat(43)}`,
      '/commerce/orders/no-such-order?token=x',
    ]) {
      const response = await stranger.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('buyer@example.com');
    }
  });

  it('re-renders a blank email and missing address fields with their messages, keeping what was typed', async () => {
    const { visitor, cartId, key } = await checkoutFor([{ item: ITEMS.shirtM, quantity: 1 }]);
    const before = await orderTablesSnapshot(harness.database.db);
    const response = await submit(visitor, key, {
      email: '',
      name: 'Ada <Lovelace>',
      line1: '',
      city: 'Albany',
      postalCode: '',
      country: 'US',
      couponCode: 'welcome10',
      payment: 'decline',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<body data-page-type="201">');
    expect(response.body).toContain('One or more fields is invalid, please check your entries.');
    expect(response.body).toContain(
      '<span class="field-error" id="checkout-email-error">Email cannot be blank</span>',
    );
    expect(response.body).toContain(
      '<span class="field-error" id="checkout-line1-error">Required</span>',
    );
    expect(response.body).toContain(
      '<span class="field-error" id="checkout-postalCode-error">Required</span>',
    );
    expect(inputTag(response.body, 'email')).toContain('aria-invalid="true"');
    expect(hiddenValue(response.body, 'name')).toBe('Ada <Lovelace>');
    expect(hiddenValue(response.body, 'city')).toBe('Albany');
    expect(hiddenValue(response.body, 'couponCode')).toBe('welcome10');
    expect(response.body).toMatch(/name="payment" value="decline" checked/);
    // The same key is kept: the refused post wrote nothing.
    expect(hiddenValue(response.body, 'idempotencyKey')).toBe(key);
    expect(await orderTablesSnapshot(harness.database.db)).toEqual(before);
    expect(await orderCount(cartId)).toBe(0);
  });

  it('re-renders an invalid email with its message', async () => {
    const { visitor, key } = await checkoutFor([{ item: ITEMS.ebook, quantity: 1 }]);
    const response = await submit(visitor, key, { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Email is invalid');
    expect(hiddenValue(response.body, 'email')).toBe('not-an-email');
  });

  it('re-renders a declined payment with 402 and nothing written, then places the order with Success', async () => {
    const { visitor, cartId, key } = await checkoutFor([{ item: ITEMS.shirtM, quantity: 1 }]);
    const stock = await stockOf(harness.database.db, ITEMS.shirtM.variantId);
    const fields = { email: 'ada@example.com', ...ADDRESS };
    const declined = await submit(visitor, key, { ...fields, payment: 'decline' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(
      'Your payment was declined. You have not been charged; please try another card.',
    );
    expect(hiddenValue(declined.body, 'line1')).toBe('1 Main St');
    expect(declined.body).toMatch(/name="payment" value="decline" checked/);
    expect(await orderCount(cartId)).toBe(0);
    expect(await stockOf(harness.database.db, ITEMS.shirtM.variantId)).toBe(stock);

    const failed = await submit(visitor, key, { ...fields, payment: 'error' });
    expect(failed.statusCode).toBe(502);
    expect(failed.body).toContain('The payment could not be processed right now.');

    const placed = await submit(visitor, hiddenValue(declined.body, 'idempotencyKey'), fields);
    expect(placed.statusCode).toBe(303);
    expect(await orderCount(cartId)).toBe(1);
    expect(await stockOf(harness.database.db, ITEMS.shirtM.variantId)).toBe(stock - 1);
  });

  it("opens with the cart page's coupon code typed in and priced, or refused beside its input", async () => {
    const { visitor } = await checkoutFor([{ item: ITEMS.notebook, quantity: 1 }]);
    const priced = await visitor.inject({ url: '/checkout?couponCode=%20welcome10%20' });
    expect(priced.statusCode).toBe(200);
    expect(hiddenValue(priced.body, 'couponCode')).toBe('welcome10');
    expect(priced.body).toContain('<dt>Discount (WELCOME10)</dt>');
    expect(priced.body).not.toContain('checkout-couponCode-error');
    const refused = await visitor.inject({ url: '/checkout?couponCode=BOGUS' });
    expect(refused.statusCode).toBe(200);
    expect(hiddenValue(refused.body, 'couponCode')).toBe('BOGUS');
    expect(refused.body).toMatch(/id="checkout-couponCode-error">BOGUS: [^<]+</);
    expect(refused.body).not.toContain('<dt>Discount');
  });

  it('re-renders an unknown coupon and gift card beside their inputs', async () => {
    const { visitor, key } = await checkoutFor([{ item: ITEMS.notebook, quantity: 1 }]);
    const response = await submit(visitor, key, {
      email: 'ada@example.com',
      ...ADDRESS,
      couponCode: 'BOGUS',
      giftCardCode: 'NOPE',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/id="checkout-couponCode-error">BOGUS: [^<]+</);
    expect(response.body).toMatch(/id="checkout-giftCardCode-error">NOPE: [^<]+</);
    expect(hiddenValue(response.body, 'couponCode')).toBe('BOGUS');
  });

  it('re-renders a second tab of a bought express cart with 409, and a changed replay with 422', async () => {
    const express = await createCart(harness.database.db, [{ item: ITEMS.ebook, quantity: 1 }]);
    const visitor = await newVisitor(harness.app, '/');
    const url = `/checkout?cartToken=${express.token}`;
    const [tabA, tabB] = await Promise.all([visitor.inject({ url }), visitor.inject({ url })]);
    const keyA = hiddenValue(tabA.body, 'idempotencyKey');
    const placed = await submit(visitor, keyA, { email: 'ada@example.com' }, url);
    expect(placed.statusCode).toBe(303);

    const second = await submit(
      visitor,
      hiddenValue(tabB.body, 'idempotencyKey'),
      { email: 'ada@example.com' },
      url,
    );
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('An order has already been placed for this cart.');

    const changed = await submit(visitor, keyA, { email: 'someone@example.com' }, url);
    expect(changed.statusCode).toBe(422);
    expect(changed.body).toContain(
      'This Idempotency-Key was already used for a different order request.',
    );
    expect(await orderCount(express.cartId)).toBe(1);
  });

  it('re-renders a shipping option the address cannot have beside the options, the choice kept', async () => {
    const { visitor, key } = await checkoutFor([{ item: ITEMS.notebook, quantity: 1 }]);
    const response = await submit(visitor, key, {
      email: 'ada@example.com',
      ...ADDRESS,
      region: 'ON',
      postalCode: 'K1A 0B1',
      country: 'CA',
      shippingOptionId: 'express',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(
      '<legend>Shipping option</legend>\n      <p class="field-error" role="alert">This shipping option is not available for this address.</p>',
    );
    expect(hiddenValue(response.body, 'country')).toBe('CA');
  });

  it('re-renders a cart that asks for more than the stock with 409', async () => {
    const { visitor, key } = await checkoutFor([{ item: ITEMS.scarce, quantity: 11 }]);
    const response = await submit(visitor, key, { email: 'ada@example.com', ...ADDRESS });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('Sorry, we do not have enough of that item available.');
    expect(hiddenValue(response.body, 'email')).toBe('ada@example.com');
  });

  it('refuses a post without the page key or a payment choice, issuing a new key', async () => {
    const { visitor, cartId } = await checkoutFor([{ item: ITEMS.ebook, quantity: 1 }]);
    const noKey = await formPost(visitor, '/checkout', {
      email: 'ada@example.com',
      payment: 'success',
    });
    expect(noKey.statusCode).toBe(400);
    expect(hiddenValue(noKey.body, 'idempotencyKey')).toMatch(/^checkout-/);
    const noPayment = await formPost(visitor, '/checkout', {
      email: 'ada@example.com',
      idempotencyKey: 'checkout-test-key-1',
    });
    expect(noPayment.statusCode).toBe(400);
    expect(noPayment.body).toContain('Choose a test payment.');
    expect(await orderCount(cartId)).toBe(0);
  });

  it('refuses a post without the crumb with the session message as a page', async () => {
    const { visitor, key } = await checkoutFor([{ item: ITEMS.ebook, quantity: 1 }]);
    const response = await formPost(
      visitor,
      '/checkout',
      { email: 'ada@example.com', idempotencyKey: key ?? '', payment: 'success' },
      { crumb: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(
      'Your session has expired. Please reload the page and try again.',
    );
  });

  it('buys an express cart named by ?cartToken= and leaves the cookie cart alone', async () => {
    const own = await createCart(harness.database.db, [{ item: ITEMS.notebook, quantity: 1 }]);
    const express = await createCart(harness.database.db, [
      { item: ITEMS.giftCard25, quantity: 1 },
    ]);
    const visitor = await shopper(harness.app, own.token);
    const url = `/checkout?cartToken=${express.token}`;
    const page = await visitor.inject({ url });
    expect(page.body).toContain('gift card');
    expect(page.body).toContain(`action="/checkout?cartToken=${express.token}"`);
    const placed = await submit(
      visitor,
      hiddenValue(page.body, 'idempotencyKey'),
      { email: 'ada@example.com' },
      url,
    );
    expect(placed.statusCode).toBe(303);
    expect(await orderCount(express.cartId)).toBe(1);
    expect(await orderCount(own.cartId)).toBe(0);
    expect(visitor.cookies.get('vitrine-cart-token')).toBe(own.token);
    const confirmation = await visitor.inject({ url: placed.headers.location });
    expect(confirmation.body).toContain('Your gift cards');
  });
});
