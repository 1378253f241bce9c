/**
 * The cart with JavaScript off: plain urlencoded form posts carrying the hidden crumb field,
 * answered with 303 redirects (errors back to the page in ?cartError=).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCartFixtures,
  FIXTURE,
  snapshotCartTables,
} from '../../../../test/helpers/cart-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';

let harness: TestApp;
let visitor: Visitor;

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
  await addCartFixtures(harness.database.db);
});
afterAll(() => harness.close());
beforeEach(async () => {
  visitor = await newVisitor(harness.app, '/shop/p/linen-shirt');
});

/** Posts a form as a browser does: urlencoded, the crumb as a hidden field, no CSRF header. */
function post(url: string, fields: Record<string, string>, options: { crumb?: boolean } = {}) {
  const body = new URLSearchParams({
    ...(options.crumb === false ? {} : { crumb: visitor.crumb }),
    ...fields,
  });
  return visitor.inject({
    method: 'POST',
    url,
    csrf: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
}

function errorOf(location: string | undefined): { path: string; message: string | null } {
  const url = new URL(location ?? '', 'http://site.invalid');
  return { path: url.pathname, message: url.searchParams.get('cartError') };
}

async function cart() {
  return (await visitor.inject({ url: '/api/commerce/shopping-cart' })).json<{
    entries: { id: string; quantity: number; chosenVariant: { sku: string } }[];
    totalQuantity: number;
  }>();
}

describe('POST /cart/add', () => {
  it('adds by option values and redirects to /cart with 303, setting the cart cookies', async () => {
    const response = await post('/cart/add', {
      itemId: FIXTURE.shirt.itemId,
      'options[Size]': 'M',
      'options[Colour]': 'Sand',
      quantity: '2',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/cart');
    expect(visitor.cookies.has('vitrine-cart-token')).toBe(true);
    const current = await cart();
    expect(current.entries.map((entry) => [entry.chosenVariant.sku, entry.quantity])).toEqual([
      ['LS-SAND-M', 2],
    ]);
  });

  it('adds by sku, and a product with one variant needs neither', async () => {
    await post('/cart/add', { itemId: FIXTURE.shirt.itemId, sku: FIXTURE.shirt.skuS });
    await post('/cart/add', { itemId: FIXTURE.notebook.itemId, quantity: '3' });
    expect((await cart()).totalQuantity).toBe(4);
  });

  it('an express purchase redirects to the checkout with its own cart', async () => {
    const response = await post('/cart/add', {
      itemId: FIXTURE.notebook.itemId,
      isExpress: 'true',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/^\/checkout\?cartToken=[A-Za-z0-9_-]{32}$/);
    expect(visitor.cookies.has('vitrine-cart-token')).toBe(false);
  });

  it('goes back to the product page with the message, changing nothing', async () => {
    await post('/cart/add', { itemId: FIXTURE.notebook.itemId });
    const before = await snapshotCartTables(harness.database.db);
    const cases: [Record<string, string>, string][] = [
      [{ 'options[Size]': 'M', 'options[Colour]': '' }, 'Please select the Colour option.'],
      [
        { 'options[Size]': '', 'options[Colour]': '' },
        'Please select the Size and Colour options.',
      ],
      [
        { 'options[Size]': 'XXL', 'options[Colour]': 'Sand' },
        'Sorry, that item variant is unavailable. Please select another variant.',
      ],
      [
        { sku: FIXTURE.shirt.skuM, quantity: '4' },
        'Sorry, we do not have enough of that item available.',
      ],
      [{ sku: FIXTURE.shirt.skuM, quantity: 'two' }, 'Quantity must be a number.'],
      [{ sku: FIXTURE.shirt.skuM, quantity: '1.5' }, 'Quantity must be a whole number'],
      [{ sku: FIXTURE.shirt.skuM, quantity: '-1' }, 'Quantity must be between 1 and 9999.'],
      [{ sku: FIXTURE.shirt.skuM, quantity: '100000' }, 'Quantity must be between 1 and 9999.'],
    ];
    for (const [fields, message] of cases) {
      const response = await post('/cart/add', { itemId: FIXTURE.shirt.itemId, ...fields });
      expect(response.statusCode, message).toBe(303);
      expect(errorOf(response.headers.location)).toEqual({ path: '/shop/p/linen-shirt', message });
    }
    const gift = await post('/cart/add', { itemId: FIXTURE.giftCard.itemId });
    expect(errorOf(gift.headers.location)).toEqual({
      path: '/shop/p/gift-card',
      message: 'Select a denomination for the Gift Card',
    });
    const unknown = await post('/cart/add', { itemId: 'no-such-item' });
    expect(errorOf(unknown.headers.location)).toEqual({
      path: '/cart',
      message: 'Sorry, that item could not be found.',
    });
    const noItem = await post('/cart/add', { quantity: '1' });
    expect(errorOf(noItem.headers.location)).toEqual({
      path: '/cart',
      message: 'The request is not valid.',
    });
    expect(await snapshotCartTables(harness.database.db)).toEqual(before);
  });

  it('takes extra-field answers typed into the form as fields[<id>] and validates them', async () => {
    const missing = await post('/cart/add', {
      itemId: FIXTURE.pen.itemId,
      'fields[engraving]': '',
    });
    expect(errorOf(missing.headers.location)).toEqual({
      path: '/shop/p/engraved-pen',
      message: "Please complete this item's form before adding it to the cart.",
    });
    const added = await post('/cart/add', {
      itemId: FIXTURE.pen.itemId,
      'fields[engraving]': 'A.B.',
      'fields[wrap]': 'Yes',
    });
    expect(added.headers.location).toBe('/cart');
    const [entry] = (await cart()).entries as unknown as { additionalFields: unknown }[];
    expect(entry?.additionalFields).toEqual({
      engraving: 'A.B.',
      wrap: 'Yes',
      extras: [],
      rate: {},
    });
  });

  it('takes one ticked box of a checkbox group (posted as one value, not a list) as a list of one', async () => {
    const added = await post('/cart/add', {
      itemId: FIXTURE.pen.itemId,
      'fields[engraving]': 'C.D.',
      'fields[extras]': 'Box',
    });
    expect(added.headers.location).toBe('/cart');
    const entries = (await cart()).entries as unknown as { additionalFields: unknown }[];
    expect(entries.map((entry) => entry.additionalFields)).toContainEqual({
      engraving: 'C.D.',
      wrap: '',
      extras: ['Box'],
      rate: {},
    });
  });

  it('keeps likert answers, each question posted as its own radio group', async () => {
    const added = await post('/cart/add', {
      itemId: FIXTURE.pen.itemId,
      'fields[engraving]': 'E.F.',
      'fields[rate][Service]': 'Agree',
      'fields[rate][Speed]': 'Strongly Agree',
    });
    expect(added.headers.location).toBe('/cart');
    const entries = (await cart()).entries as unknown as { additionalFields: unknown }[];
    expect(entries.map((entry) => entry.additionalFields)).toContainEqual({
      engraving: 'E.F.',
      wrap: '',
      extras: [],
      rate: { Service: 'Agree', Speed: 'Strongly Agree' },
    });
  });

  it('refuses a post without the crumb field with 403, changing nothing', async () => {
    const before = await snapshotCartTables(harness.database.db);
    const response = await post('/cart/add', { itemId: FIXTURE.notebook.itemId }, { crumb: false });
    expect(response.statusCode).toBe(403);
    // A shopper without JavaScript gets a page, not JSON.
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(
      '<p role="alert">Your session has expired. Please reload the page and try again.</p>',
    );
    expect(response.body).toContain('<a href="/cart">Back to the cart</a>');
    const forged = await post(
      '/cart/add',
      { itemId: FIXTURE.notebook.itemId, crumb: 'forged' },
      { crumb: false },
    );
    expect(forged.statusCode).toBe(403);
    const notAForm = await visitor.inject({
      method: 'POST',
      url: '/cart/add',
      headers: { 'content-type': 'application/xml' },
      payload: '<itemId/>',
    });
    expect(notAForm.statusCode).toBe(415);
    expect(notAForm.body).toContain('This content type is not accepted here.');
    expect(await snapshotCartTables(harness.database.db)).toEqual(before);
  });
});

describe('POST /cart/update and /cart/remove', () => {
  it('changes a quantity and removes an entry, redirecting to /cart', async () => {
    await post('/cart/add', { itemId: FIXTURE.notebook.itemId });
    const [entry] = (await cart()).entries;
    if (!entry) throw new Error('nothing was added');
    const update = await post('/cart/update', { entryId: entry.id, quantity: '5' });
    expect(update.statusCode).toBe(303);
    expect(update.headers.location).toBe('/cart');
    expect((await cart()).totalQuantity).toBe(5);
    const remove = await post('/cart/remove', { entryId: entry.id });
    expect(remove.headers.location).toBe('/cart');
    expect((await cart()).entries).toEqual([]);
  });

  it('sends refusals back to /cart with the message, changing nothing', async () => {
    await post('/cart/add', { itemId: FIXTURE.shirt.itemId, sku: FIXTURE.shirt.skuM });
    const [entry] = (await cart()).entries;
    if (!entry) throw new Error('nothing was added');
    const before = await snapshotCartTables(harness.database.db);
    const cases: [string, Record<string, string>, string][] = [
      [
        '/cart/update',
        { entryId: entry.id, quantity: '4' },
        'Sorry, we do not have enough of that item available.',
      ],
      ['/cart/update', { entryId: entry.id, quantity: 'x' }, 'Quantity must be a number.'],
      [
        '/cart/update',
        { entryId: entry.id, quantity: '0' },
        'Quantity must be between 1 and 9999.',
      ],
      ['/cart/update', { entryId: 'nope', quantity: '1' }, 'That item is no longer in your cart.'],
      [
        '/cart/update',
        { quantity: '1' },
        'One or more fields is invalid, please check your entries.',
      ],
      ['/cart/remove', { entryId: 'nope' }, 'That item is no longer in your cart.'],
    ];
    for (const [url, fields, message] of cases) {
      const response = await post(url, fields);
      expect(response.statusCode, message).toBe(303);
      expect(errorOf(response.headers.location)).toEqual({ path: '/cart', message });
    }
    expect((await post('/cart/remove', { entryId: entry.id }, { crumb: false })).statusCode).toBe(
      403,
    );
    expect(await snapshotCartTables(harness.database.db)).toEqual(before);
  });
});

describe('POST /cart/answers', () => {
  type StoredEntry = { id: string; additionalFields: unknown };

  async function addPen(): Promise<StoredEntry> {
    await post('/cart/add', {
      itemId: FIXTURE.pen.itemId,
      'fields[engraving]': 'A.B.',
      'fields[wrap]': 'Yes',
    });
    const [entry] = (await cart()).entries as unknown as StoredEntry[];
    if (!entry) throw new Error('nothing was added');
    return entry;
  }

  it('saves the answers posted as the product form posts them, redirecting to /cart', async () => {
    const entry = await addPen();
    const response = await post('/cart/answers', {
      entryId: entry.id,
      itemId: FIXTURE.pen.itemId,
      sku: FIXTURE.pen.sku,
      'fields[engraving]': 'G.H.',
      'fields[wrap]': 'No',
      // One ticked box arrives as one value; a likert question as its own radio group.
      'fields[extras]': 'Card',
      'fields[rate][Service]': 'Agree',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/cart');
    const entries = (await cart()).entries as unknown as StoredEntry[];
    expect(entries).toEqual([
      expect.objectContaining({
        id: entry.id,
        additionalFields: {
          engraving: 'G.H.',
          wrap: 'No',
          extras: ['Card'],
          rate: { Service: 'Agree' },
        },
      }),
    ]);
  });

  it('refuses invalid answers with the message and the form open again, changing nothing', async () => {
    const entry = await addPen();
    const before = await snapshotCartTables(harness.database.db);
    const response = await post('/cart/answers', {
      entryId: entry.id,
      itemId: FIXTURE.pen.itemId,
      sku: FIXTURE.pen.sku,
      'fields[engraving]': '',
      'fields[wrap]': 'No',
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location ?? '', 'http://site.invalid');
    expect(location.pathname).toBe('/cart');
    expect(location.searchParams.get('cartError')).toBe(
      "Please complete this item's form before adding it to the cart.",
    );
    expect(location.searchParams.get('cartAnswers')).toBe(entry.id);
    expect(JSON.parse(location.searchParams.get('cartAnswerErrors') ?? '')).toEqual({
      engraving: 'Required',
    });
    expect(await snapshotCartTables(harness.database.db)).toEqual(before);

    // The cart page says so at the top and opens that entry's form with the field's error.
    const page = await visitor.inject({ url: `${location.pathname}${location.search}` });
    expect(page.body).toMatch(
      /<p class="form-error" role="alert">Please complete this item(&#39;|&#x27;|')s form before adding it to the cart\.<\/p>/,
    );
    expect(page.body).toContain(
      `<details class="cart-entry-edit" open=""><summary id="cart-edit-${entry.id}">`,
    );
    expect(page.body).toContain(
      `<p class="field-error" id="cart-field-${entry.id}-engraving-error">Required</p>`,
    );
    // A crafted link cannot put its own words beside a field.
    const crafted = new URLSearchParams({
      cartAnswers: entry.id,
      cartAnswerErrors: JSON.stringify({ engraving: 'Call 555-0100 to claim a prize' }),
    });
    const craftedPage = await visitor.inject({ url: `/cart?${crafted.toString()}` });
    expect(craftedPage.body).not.toContain('claim a prize');
    expect(craftedPage.body).toContain('<details class="cart-entry-edit" open="">');
  });

  it("refuses another shopper's entry and a stale item, changing nothing", async () => {
    const entry = await addPen();
    const owner = visitor;
    visitor = await newVisitor(harness.app, '/shop/p/engraved-pen');
    await addPen();
    const stranger = visitor;
    visitor = owner;
    const before = await snapshotCartTables(harness.database.db);
    const refusedAsGone = async (itemId: string) => {
      const response = await post('/cart/answers', {
        entryId: entry.id,
        itemId,
        'fields[engraving]': 'I.J.',
      });
      expect(errorOf(response.headers.location)).toEqual({
        path: '/cart',
        message: 'That item is no longer in your cart.',
      });
    };
    // The owner naming another item than the entry holds (a stale form).
    await refusedAsGone(FIXTURE.notebook.itemId);
    // Another shopper naming the owner's entry.
    visitor = stranger;
    await refusedAsGone(FIXTURE.pen.itemId);
    visitor = owner;
    expect(await snapshotCartTables(harness.database.db)).toEqual(before);
  });

  it('refuses a post without the crumb field with 403, changing nothing', async () => {
    const entry = await addPen();
    const before = await snapshotCartTables(harness.database.db);
    const response = await post(
      '/cart/answers',
      { entryId: entry.id, itemId: FIXTURE.pen.itemId, 'fields[engraving]': 'K.L.' },
      { crumb: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<a href="/cart">Back to the cart</a>');
    expect(await snapshotCartTables(harness.database.db)).toEqual(before);
  });
});
