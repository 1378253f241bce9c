/**
 * The product page buys without JavaScript: its purchase form (the product form island's
 * server rendering) is a plain form post, and the cart page then shows the item (issue #6 "Done
 * when"). Each kind of product gets the form it needs: options, quantity, extra fields, the
 * custom button, the gift card form, the subscription cart.
 */
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { newVisitor, type Visitor } from '../../../test/helpers/session.ts';
import { schema } from '../db/index.ts';

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } });
});
afterAll(() => harness.close());

/** The product page's purchase form: its hidden fields, as a browser would post them. */
function hiddenFields(html: string): Record<string, string> {
  const form = /<form id="([^"]+)" class="product-form"[\s\S]*?<\/form>/.exec(html);
  const fields: Record<string, string> = {};
  for (const match of (form?.[0] ?? '').matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g,
  ))
    if (match[1] !== undefined) fields[match[1]] = match[2] ?? '';
  // The crumb sits outside the island (its HTML is shared by every visitor) and names the form.
  const crumb = new RegExp(
    `<input type="hidden" name="crumb" value="([^"]*)" form="${form?.[1] ?? ''}">`,
  ).exec(html);
  if (crumb?.[1] !== undefined) fields.crumb = crumb[1];
  return fields;
}

async function postForm(
  visitor: Visitor,
  page: string,
  typed: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const html = (await visitor.inject({ url: page })).body;
  return visitor.inject({
    method: 'POST',
    url: '/cart/add',
    csrf: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...hiddenFields(html), ...typed }).toString(),
  });
}

describe('the product page purchase form', () => {
  it('is a plain form: crumb, item, option dropdowns in the product order, quantity, Add to Cart', async () => {
    const visitor = await newVisitor(harness.app, '/shop/p/linen-shirt');
    const html = (await visitor.inject({ url: '/shop/p/linen-shirt' })).body;
    expect(html).toMatch(
      /<form id="product-form-linen-shirt" class="product-form" [^>]*action="\/cart\/add" method="post">/,
    );
    expect(hiddenFields(html)).toEqual({ crumb: visitor.crumb, itemId: 'linen-shirt' });
    const selects = [
      ...html.matchAll(/<select id="product-option-\d" name="options\[(\w+)\]" required=""/g),
    ];
    expect(selects.map((match) => match[1])).toEqual(['Size', 'Colour']);
    expect(html).toContain('<option value="" selected="">Select Size</option>');
    expect(html).toMatch(
      /<input type="number" id="product-quantity" min="1" max="9999" step="1" inputMode="numeric" name="quantity" value="1"\/>/,
    );
    expect(html).toMatch(
      /<button type="submit" class="button-primary product-add" data-state="idle" data-census-button="add-to-cart">Add to Cart<\/button>/,
    );
  });

  it('adds to cart without JavaScript, and the cart page shows the item', async () => {
    const visitor = await newVisitor(harness.app, '/shop/p/linen-shirt');
    const response = await postForm(visitor, '/shop/p/linen-shirt', {
      'options[Size]': 'M',
      'options[Colour]': 'Sand',
      quantity: '2',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/cart');
    const cart = (await visitor.inject({ url: '/cart' })).body;
    expect(cart).toContain('Linen Shirt');
    expect(cart).toMatch(/name="quantity" value="2"/);
  });

  it('brings a refusal back to the product page with the spec message', async () => {
    const visitor = await newVisitor(harness.app, '/shop/p/linen-shirt');
    const response = await postForm(visitor, '/shop/p/linen-shirt', {
      'options[Size]': 'L',
      'options[Colour]': 'Sand',
    });
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    expect(location.startsWith('/shop/p/linen-shirt?cartError=')).toBe(true);
    const page = (await visitor.inject({ url: location })).body;
    expect(page).toContain(
      '<div class="product-form-alert" role="alert"><p class="form-error">Sorry, we do not have enough of that item available.</p></div>',
    );
  });

  it('shows only catalog messages from the URL, never a crafted one', async () => {
    const page = (
      await harness.app.inject({ url: '/shop/p/linen-shirt?cartError=Call%20us%20at%20555-0100' })
    ).body;
    expect(page).not.toContain('Call us');
    expect(page).not.toContain('class="form-error"');
    expect(page).toContain('<div class="product-form-alert" role="alert"></div>');
  });

  it("uses the product's custom button text", async () => {
    const html = (await harness.app.inject({ url: '/shop/p/work-jacket' })).body;
    expect(html).toContain(
      'class="button-primary product-add" data-state="idle" data-census-button="add-to-cart">Add jacket to bag</button>',
    );
    const selects = [...html.matchAll(/name="options\[(\w+)\]"/g)].map((match) => match[1]);
    expect(selects).toEqual(['Size', 'Colour', 'Fit']);
  });

  it('asks the extra-fields form in the page and refuses a missing required answer', async () => {
    const page = (await harness.app.inject({ url: '/shop/p/monogram-handkerchief' })).body;
    expect(page).toMatch(/<label for="product-field-initials">Initials/);
    expect(page).toMatch(
      /<input type="text" id="product-field-initials" required="" placeholder="ABC" maxLength="3" name="fields\[initials\]"\/>/,
    );
    expect(page).toMatch(/<select id="product-field-thread" name="fields\[thread\]" required="">/);
    expect(page).toMatch(/<textarea id="product-field-note" name="fields\[note\]"/);
    expect(page).toContain('0 / 200');

    const visitor = await newVisitor(harness.app, '/shop/p/monogram-handkerchief');
    const before = await harness.database.db.$count(schema.cartEntries);
    const refused = await postForm(visitor, '/shop/p/monogram-handkerchief', {
      'fields[thread]': 'Navy',
    });
    expect(String(refused.headers.location)).toContain('/shop/p/monogram-handkerchief?cartError=');
    expect(await harness.database.db.$count(schema.cartEntries)).toBe(before);

    const added = await postForm(visitor, '/shop/p/monogram-handkerchief', {
      'fields[initials]': 'AB',
      'fields[thread]': 'Navy',
    });
    expect(added.headers.location).toBe('/cart');
    const cart = (await visitor.inject({ url: '/cart' })).body;
    expect(cart).toContain('Monogrammed Handkerchief');
    expect(cart).toContain('AB');
  });

  it('sells a digital product one at a time: no quantity field', async () => {
    const html = (await harness.app.inject({ url: '/shop/p/shirt-pattern' })).body;
    expect(html).toContain('class="product-form"');
    expect(html).not.toContain('id="product-quantity"');
  });

  it('offers a service in quantities when the site allows it', async () => {
    const html = (await harness.app.inject({ url: '/shop/p/mending-session' })).body;
    expect(html).toContain('id="product-quantity"');
  });

  it('sends a gift card to the gift card page with the chosen denomination', async () => {
    const html = (await harness.app.inject({ url: '/shop/p/store-gift-card' })).body;
    expect(html).toMatch(
      /<form class="product-form product-gift-card-form" action="\/commerce\/gift-card" method="get">/,
    );
    expect(html).toContain('<input type="hidden" name="itemId" value="store-gift-card"/>');
    expect(html).toContain('<option value="" selected="">Select Value</option>');
    expect(html).toContain('<option value="GIFT-50">$50</option>');
    expect(html).toContain('class="button-primary product-gift-card">Purchase</button>');
    // What the plain GET form asks for: the gift card page with that denomination chosen.
    const page = await harness.app.inject({
      url: '/commerce/gift-card?itemId=store-gift-card&sku=GIFT-50',
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/value="GIFT-50"[^>]*checked/);
  });

  it('starts a subscription cart and continues on the subscription page', async () => {
    const visitor = await newVisitor(harness.app, '/shop/p/tea-of-the-month');
    const html = (await visitor.inject({ url: '/shop/p/tea-of-the-month' })).body;
    expect(html).toContain(
      'class="button-primary product-add" data-state="idle" data-census-button="subscribe">Subscribe</button>',
    );
    expect(html).not.toContain('product-express');
    expect(html).not.toContain('id="product-quantity"');
    const response = await postForm(visitor, '/shop/p/tea-of-the-month');
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/commerce\/subscription\?cartToken=[A-Za-z0-9_-]+$/);
    const page = await visitor.inject({ url: location });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Tea of the Month');
    // The shopper's own cart is untouched: a subscription cart is a cart of its own.
    expect(visitor.cookies.has('vitrine-cart')).toBe(false);
  });

  it('buys at once with the express button: a cart of its own, straight to checkout', async () => {
    const visitor = await newVisitor(harness.app, '/shop/p/field-notebook');
    const html = (await visitor.inject({ url: '/shop/p/field-notebook' })).body;
    expect(html).toContain(
      '<button type="submit" class="button product-express" value="true" data-state="idle" name="isExpress">Purchase</button>',
    );
    // The add button comes first, so Enter in the form adds to the cart.
    expect(html.indexOf('product-add')).toBeLessThan(html.indexOf('product-express'));
    const response = await postForm(visitor, '/shop/p/field-notebook', { isExpress: 'true' });
    expect(response.statusCode).toBe(303);
    expect(String(response.headers.location)).toMatch(/^\/checkout\?cartToken=[\w-]+$/);
    expect(visitor.cookies.has('vitrine-cart')).toBe(false);
  });
});

describe('reviews on the product page', () => {
  it('shows the summary and the first page of reviews, server-rendered', async () => {
    const html = (await harness.app.inject({ url: '/shop/p/linen-shirt' })).body;
    const count = await harness.database.db.$count(
      schema.reviews,
      eq(schema.reviews.productId, 'linen-shirt'),
    );
    expect(count).toBeGreaterThan(10);
    expect(html).toContain(`<h2 id="reviews-heading">${count} Store Reviews</h2>`);
    expect(html).toMatch(
      // React separates adjacent text with empty comments.
      /<span class="visually-hidden">Rated (<!-- -->)?[\d.]+(<!-- -->)? out of 5,<\/span> (<!-- -->)?\d+ Store Reviews/,
    );
    expect([...html.matchAll(/<li class="review">/g)]).toHaveLength(10);
  });

  it('shows no reviews section for a product without reviews', async () => {
    const html = (await harness.app.inject({ url: '/shop/p/shirt-pattern' })).body;
    expect(html).not.toContain('id="reviews"');
    expect(html).not.toContain('review-summary');
  });
});
