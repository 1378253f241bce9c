/**
 * The checkout page carries the address autocomplete island on Address line 1 only when a
 * places provider key is configured (PLACES_API_KEY), and only when the cart asks an address;
 * without a key the page is the plain form with no trace of the island.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCheckoutProducts,
  createCart,
  ITEMS,
  setCheckoutSettings,
  shopper,
  type Item,
} from '../../../../test/helpers/checkout-fixtures.ts';
import { inputTag } from '../../../../test/helpers/page-html.ts';

const ISLAND = '<vitrine-island data-island="AddressAutocomplete"';

let configured: TestApp;
let plain: TestApp;

async function store(env: Record<string, string>): Promise<TestApp> {
  const harness = await createTestApp({ env });
  await setCheckoutSettings(harness.database.db);
  await addCheckoutProducts(harness.database.db);
  return harness;
}

beforeAll(async () => {
  [configured, plain] = await Promise.all([store({ PLACES_API_KEY: 'places-key' }), store({})]);
});
afterAll(async () => {
  await Promise.all([configured?.close(), plain?.close()]);
});

async function checkoutHtml(harness: TestApp, item: Item): Promise<string> {
  const { token } = await createCart(harness.database.db, [{ item, quantity: 1 }]);
  const visitor = await shopper(harness.app, token);
  const page = await visitor.inject({ url: '/checkout' });
  expect(page.statusCode).toBe(200);
  return page.body;
}

describe('address autocomplete on the checkout page', () => {
  it('follows Address line 1 when places are configured, naming the inputs it fills', async () => {
    const html = await checkoutHtml(configured, ITEMS.shirtM);
    expect(html.split(ISLAND)).toHaveLength(2);
    const line1 = html.indexOf('id="checkout-line1"');
    const island = html.indexOf(ISLAND);
    expect(line1).toBeGreaterThan(-1);
    expect(island).toBeGreaterThan(line1);
    expect(island).toBeLessThan(html.indexOf('id="checkout-line2"'));
    expect(html).toContain(
      'data-props="{&quot;inputId&quot;:&quot;checkout-line1&quot;,&quot;listboxId&quot;:&quot;checkout-line1-suggestions&quot;,&quot;fieldIds&quot;:{&quot;city&quot;:&quot;checkout-city&quot;,&quot;region&quot;:&quot;checkout-region&quot;,&quot;postalCode&quot;:&quot;checkout-postalCode&quot;,&quot;country&quot;:&quot;checkout-country&quot;}}"',
    );
    for (const id of [
      'checkout-city',
      'checkout-region',
      'checkout-postalCode',
      'checkout-country',
    ])
      expect(html).toContain(`id="${id}"`);
    // The server-rendered listbox is hidden and empty; the input is the plain one until scripts run.
    expect(html).toContain('role="listbox" aria-label="Address suggestions"');
    expect(inputTag(html, 'line1')).not.toContain('role=');
  });

  it('is absent without a places key, and for a cart that ships nothing', async () => {
    const html = await checkoutHtml(plain, ITEMS.shirtM);
    expect(inputTag(html, 'line1')).toContain('id="checkout-line1"');
    expect(html).not.toContain('AddressAutocomplete');
    expect(html).not.toContain('address-suggestions');
    const digital = await checkoutHtml(configured, ITEMS.ebook);
    expect(digital).not.toContain('AddressAutocomplete');
  });
});
