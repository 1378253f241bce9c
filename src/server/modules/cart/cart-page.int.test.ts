/**
 * GET /cart with JavaScript off: items added by the plain form post show on the server-rendered
 * page, and the page's own forms change the quantity and remove entries. The page's HTML is the
 * cart page island's: its props carry what the hydrated page edits, and the JSON calls it makes
 * show on the next render.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { addCartFixtures, FIXTURE } from '../../../../test/helpers/cart-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { formPost, hiddenValue, inputTag } from '../../../../test/helpers/page-html.ts';

let harness: TestApp;
let visitor: Visitor;

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
  await addCartFixtures(harness.database.db);
});
afterAll(() => harness.close());
beforeEach(async () => {
  visitor = await newVisitor(harness.app, '/cart');
});

const post = (url: string, fields: Record<string, string>) => formPost(visitor, url, fields);

async function cartPage() {
  const response = await visitor.inject({ url: '/cart' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

function entryIds(html: string): string[] {
  return [...html.matchAll(/data-entry-id="([^"]+)"/g)].map((match) => match[1] ?? '');
}

/** The cart page island's props, as the page hands them to the browser. */
function islandProps(html: string): Record<string, unknown> {
  const match =
    /<vitrine-island data-island="CartPage" data-hydrate="load" data-props="([^"]*)">/.exec(html);
  if (!match) throw new Error('no cart page island');
  return JSON.parse(
    (match[1] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  ) as Record<string, unknown>;
}

describe('GET /cart', () => {
  it('shows the empty cart in the full-page cart root, page type 200', async () => {
    const response = await visitor.inject({ url: '/cart' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<body data-page-type="200">');
    expect(response.body).toMatch(/<div id="cart-root"[^>]*data-full-page-cart/);
    expect(response.body).toContain('Your cart is empty.');
    expect(response.body).not.toContain('action="/cart/update"');
  });

  it('shows an item added by the no-JS form post: image, title, options, quantity, subtotal', async () => {
    const added = await post('/cart/add', {
      itemId: FIXTURE.shirt.itemId,
      'options[Size]': 'M',
      'options[Colour]': 'Sand',
      quantity: '2',
    });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/cart');

    const html = await cartPage();
    expect(html).toContain('<a href="/shop/p/linen-shirt">Linen Shirt</a>');
    // The sand variant's own image, as a rendition of the stored original.
    expect(html).toMatch(
      /<img class="cart-entry-image" src="\/images\/[\w-]+\/linen-shirt-sand\.\w+\?format=300w" alt="Linen shirt in sand[^"]*"/,
    );
    expect(html).toContain('<dt>Size</dt><dd>M</dd>');
    expect(html).toContain('<dt>Colour</dt><dd>Sand</dd>');
    expect(inputTag(html, 'quantity')).toContain('value="2"');
    expect(inputTag(html, 'quantity')).toMatch(/min="1" max="9999" step="1"/);
    // 2 × $68.00, formatted by the engine's money formatter in the site currency.
    expect(html).toContain('$136.00');
    expect(html).toMatch(/<a class="[^"]*cart-checkout"[^>]*href="\/checkout">Checkout<\/a>/);
    expect(hiddenValue(html, 'crumb')).toBe(visitor.crumb);
    expect(html).toContain('<body data-page-type="200">');
  });

  it('changes the quantity through the /cart/update form and removes through /cart/remove', async () => {
    await post('/cart/add', { itemId: FIXTURE.notebook.itemId, quantity: '1' });
    await post('/cart/add', {
      itemId: FIXTURE.shirt.itemId,
      sku: FIXTURE.shirt.skuS,
      quantity: '1',
    });
    const [notebookEntry, shirtEntry] = entryIds(await cartPage());
    expect(notebookEntry).toBeDefined();
    expect(shirtEntry).toBeDefined();

    const updated = await post('/cart/update', { entryId: notebookEntry ?? '', quantity: '3' });
    expect(updated.statusCode).toBe(303);
    expect(updated.headers.location).toBe('/cart');
    const afterUpdate = await cartPage();
    expect(afterUpdate).toContain('$54.00'); // 3 × $18.00
    expect(afterUpdate).toContain('$122.00'); // + $68.00

    const removed = await post('/cart/remove', { entryId: shirtEntry ?? '' });
    expect(removed.statusCode).toBe(303);
    const afterRemove = await cartPage();
    expect(entryIds(afterRemove)).toEqual([notebookEntry]);
    expect(afterRemove).not.toContain('Linen Shirt</a>');

    await post('/cart/remove', { entryId: notebookEntry ?? '' });
    expect(await cartPage()).toContain('Your cart is empty.');
  });

  it('shows a refused quantity change as an alert with the spec message, the cart unchanged', async () => {
    await post('/cart/add', { itemId: FIXTURE.notebook.itemId, quantity: '1' });
    const [entryId] = entryIds(await cartPage());
    const refused = await post('/cart/update', { entryId: entryId ?? '', quantity: '1.5' });
    expect(refused.statusCode).toBe(303);
    const response = await visitor.inject({ url: refused.headers.location });
    expect(response.body).toContain(
      '<p class="form-error" role="alert">Quantity must be a whole number</p>',
    );
    expect(inputTag(response.body, 'quantity')).toContain('value="1"');
  });

  it("shows the entry's extra-field answers under the form's field titles", async () => {
    await post('/cart/add', {
      itemId: FIXTURE.pen.itemId,
      quantity: '1',
      'fields[engraving]': 'For <Ada>',
      'fields[wrap]': 'Yes',
    });
    const html = await cartPage();
    expect(html).toContain('<dt>Engraving</dt><dd>For &lt;Ada&gt;</dd>');
    expect(html).toContain('<dt>Gift wrap</dt><dd>Yes</dd>');
  });

  it('shows a digital entry without a quantity editor (one download per cart)', async () => {
    await post('/cart/add', { itemId: FIXTURE.ebook.itemId, quantity: '1' });
    const html = await cartPage();
    expect(html).toContain('<p class="cart-entry-quantity">Quantity: 1</p>');
    expect(html).not.toContain('action="/cart/update"');
    expect(html).toContain('action="/cart/remove"');
  });
});

describe('the cart page island', () => {
  it('wraps the plain forms, the crumb beside it joining each form by id (no visitor data in its props)', async () => {
    await post('/cart/add', { itemId: FIXTURE.notebook.itemId, quantity: '2' });
    const html = await cartPage();
    const [entryId = ''] = entryIds(html);
    expect(html).toMatch(
      /<div id="cart-root"[^>]*data-full-page-cart>\s*<vitrine-island data-island="CartPage"/,
    );
    expect(html).toContain(
      `<form class="cart-entry-quantity" id="cart-update-${entryId}" action="/cart/update" method="post">`,
    );
    expect(html).toContain(
      `<form class="cart-entry-remove" id="cart-remove-${entryId}" action="/cart/remove" method="post">`,
    );
    for (const form of [`cart-update-${entryId}`, `cart-remove-${entryId}`])
      expect(html).toContain(
        `<input type="hidden" name="crumb" value="${visitor.crumb}" form="${form}">`,
      );
    const props = islandProps(html);
    expect(JSON.stringify(props)).not.toContain(visitor.crumb);
    expect(props).toMatchObject({
      currency: 'USD',
      locale: 'en-US',
      checkoutUrl: '/checkout',
      shopUrl: '/shop',
      quantityMin: 1,
      quantityMax: 9999,
      subtotalCents: 3600,
      totalQuantity: 2,
      productTypes: [1],
    });
    expect(props.entries).toEqual([
      expect.objectContaining({
        id: entryId,
        itemId: FIXTURE.notebook.itemId,
        quantity: 2,
        quantityEditable: true,
        unitPriceCents: 1800,
        subTotalCents: 3600,
        form: null,
      }),
    ]);
    // A coupon typed here goes to checkout as a plain GET form, with or without scripts.
    expect(html).toContain('<form class="cart-coupon" action="/checkout" method="get">');
    expect(html).toContain('name="couponCode"');
    expect(html).toContain('role="status" aria-live="polite"></p>');
  });

  it('gives an entry with an extra-fields form its form and stored answers, and shows answers saved through PUT …/additionalFields', async () => {
    await post('/cart/add', {
      itemId: FIXTURE.pen.itemId,
      quantity: '1',
      'fields[engraving]': 'Ada',
      'fields[wrap]': 'Yes',
    });
    const html = await cartPage();
    const [entry] = islandProps(html).entries as {
      id: string;
      sku: string;
      form: { formId: string; fields: { id: string }[] } | null;
      additionalFields: Record<string, unknown>;
    }[];
    if (!entry) throw new Error('no entry');
    expect(entry.form?.fields.map((field) => field.id)).toEqual([
      'engraving',
      'wrap',
      'extras',
      'rate',
    ]);
    expect(entry.additionalFields).toMatchObject({ engraving: 'Ada', wrap: 'Yes' });
    // The editor works without scripts: a disclosure with the plain form, its crumb outside.
    expect(html).toMatch(
      /<details class="cart-entry-edit"><summary id="cart-edit-[^"]+">Edit answers/,
    );
    expect(html).toContain(
      `<form id="cart-answers-${entry.id}" class="cart-entry-answers-form" aria-busy="false" action="/cart/answers" method="post">`,
    );
    expect(html).toMatch(
      new RegExp(
        `<input type="hidden" name="crumb" value="[^"]+" form="cart-answers-${entry.id}">`,
      ),
    );

    const saved = await visitor.inject({
      method: 'PUT',
      url: `/api/commerce/shopping-cart/entries/${entry.id}/additionalFields`,
      payload: {
        itemId: FIXTURE.pen.itemId,
        sku: entry.sku,
        additionalFields: JSON.stringify({ engraving: 'Grace', wrap: 'No' }),
      },
    });
    expect(saved.statusCode).toBe(200);
    const after = await cartPage();
    expect(after).toContain('<dt>Engraving</dt><dd>Grace</dd>');
    expect(after).toContain('<dt>Gift wrap</dt><dd>No</dd>');
  });

  it('renders the quantity and removal the island makes through the JSON API', async () => {
    await post('/cart/add', { itemId: FIXTURE.notebook.itemId, quantity: '1' });
    const [entryId = ''] = entryIds(await cartPage());
    const changed = await visitor.inject({
      method: 'PUT',
      url: `/api/vitrine/cart/entries/${entryId}/quantity`,
      payload: { quantity: 4 },
    });
    expect(changed.statusCode).toBe(200);
    const page = await cartPage();
    expect(inputTag(page, 'quantity')).toContain('value="4"');
    expect(page).toContain('<p class="cart-entry-subtotal">$72.00</p>');
    const removed = await visitor.inject({
      method: 'DELETE',
      url: `/api/vitrine/cart/entries/${entryId}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(await cartPage()).toContain('<p class="cart-empty">Your cart is empty.</p>');
  });
});

describe('the pay-later teaser on the cart page', () => {
  const teaser = (html: string) =>
    /<span class="pay-later-message">([^<]*)<\/span>/.exec(html)?.[1];

  it('shows the installments of the subtotal while every item is physical, and goes with a digital one', async () => {
    expect(teaser(await cartPage())).toBeUndefined();
    await post('/cart/add', {
      itemId: FIXTURE.notebook.itemId,
      sku: FIXTURE.notebook.sku,
      quantity: '2',
    });
    const physical = await cartPage();
    const subtotal =
      /<p class="cart-subtotal"><span>Subtotal<\/span> <strong>\$([\d.]+)<\/strong>/.exec(
        physical,
      )?.[1];
    const installment = (Number(subtotal) / 4).toFixed(2);
    expect(teaser(physical)).toBe(`4 interest-free payments of $${installment}`);
    await post('/cart/add', {
      itemId: FIXTURE.ebook.itemId,
      sku: FIXTURE.ebook.sku,
      quantity: '1',
    });
    const mixed = await cartPage();
    expect(entryIds(mixed)).toHaveLength(2);
    expect(teaser(mixed)).toBeUndefined();
  });
});
