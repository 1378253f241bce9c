/**
 * Address autocomplete at checkout in Chromium, through the app's places proxy to a local
 * stand-in for the provider (as places-routes.int.test.ts fakes it with node:http): the shopper
 * types part of an address into Address line 1, picks a suggestion with the keyboard, sees the
 * address fields filled, and places the order with that address.
 */
import AxeBuilder from '@axe-core/playwright';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { addShirt } from '../helpers/checkout-form.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';
import { BOSTON_DETAILS, MAIN_STREET_PREDICTIONS } from '../helpers/places-fixtures.ts';

interface ProviderCall {
  readonly path: string;
  readonly query: URLSearchParams;
  readonly context: unknown;
}

const providerCalls: ProviderCall[] = [];

function answer(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://provider');
  const header = request.headers['x-tracking-context'];
  providerCalls.push({
    path: url.pathname,
    query: url.searchParams,
    context: typeof header === 'string' ? (JSON.parse(header) as unknown) : undefined,
  });
  const body = url.pathname.endsWith('/autocomplete/json')
    ? MAIN_STREET_PREDICTIONS
    : url.pathname.endsWith('/details/json') && url.searchParams.get('place_id') === 'place-boston'
      ? BOSTON_DETAILS
      : { status: 'NOT_FOUND' };
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const provider = createServer(answer);
await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
const providerBase = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

const store = useStore({
  env: { PLACES_API_KEY: 'e2e-places-key', PLACES_API_BASE_URL: providerBase },
});

afterAll(async () => {
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});

describe('address autocomplete at checkout', () => {
  it('fills the address from a suggestion picked with the keyboard, then places the order', async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    // Added through the hydrated form (its scripts start after the first paint).
    await addShirt(page, store.origin);

    await page.goto(`${store.origin}/checkout`);
    await page
      .locator('vitrine-island[data-island="AddressAutocomplete"][data-hydrated="true"]')
      .waitFor({ state: 'attached' });
    await page.getByLabel('Email').fill('places@example.com');
    await page.getByLabel('Full name').fill('Sam Shopper');

    const line1 = page.getByRole('combobox', { name: 'Address line 1' });
    await expect(line1.getAttribute('aria-expanded')).resolves.toBe('false');
    await line1.click();
    await page.keyboard.type('1 Main', { delay: 30 });
    const options = page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
    await expect.poll(() => options.count()).toBe(2);
    await expect(line1.getAttribute('aria-expanded')).resolves.toBe('true');
    // The list's own announcement, for screen readers.
    await expect(page.getByRole('status').first().textContent()).resolves.toMatch(
      /2 address suggestions/,
    );
    const axe = await new AxeBuilder({ page }).include('.checkout-form').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(line1.getAttribute('aria-activedescendant')).resolves.toBe(
      await options.nth(1).getAttribute('id'),
    );
    await expect(options.nth(1).getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('Enter');

    await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Boston');
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await expect(line1.inputValue()).resolves.toBe('1 Main Street');
    // The country chosen from the list, and with it the state from the list of states.
    await expect(page.getByLabel('State').inputValue()).resolves.toBe('MA');
    await expect(page.getByLabel('Postal code').inputValue()).resolves.toBe('02108');
    await expect(page.getByLabel('Country').inputValue()).resolves.toBe('US');
    await expect(line1.getAttribute('aria-expanded')).resolves.toBe('false');

    // The proxy passed the key and each call's tracking context on to the provider.
    const details = providerCalls.filter((call) => call.path.endsWith('/details/json'));
    expect(details).toHaveLength(1);
    expect(details[0]?.query.get('key')).toBe('e2e-places-key');
    expect(details[0]?.query.get('place_id')).toBe('place-boston');
    expect(details[0]?.context).toEqual({
      productPage: 'checkout',
      productSection: 'shipping-address',
    });
    const searches = providerCalls.filter((call) => call.path.endsWith('/autocomplete/json'));
    // Typing paused once: one search for the whole word, not one per key.
    expect(searches.map((call) => call.query.get('input'))).toEqual(['1 Main']);
    expect(searches[0]?.context).toMatchObject({ productPage: 'checkout' });

    await page.getByRole('radio', { name: 'Success' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/commerce\/orders\/[\w-]+\?token=/);
    const [order] = await store.harness.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.email, 'places@example.com'));
    expect(order?.shippingAddress).toEqual({
      name: 'Sam Shopper',
      line1: '1 Main Street',
      city: 'Boston',
      region: 'MA',
      postalCode: '02108',
      country: 'US',
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});
