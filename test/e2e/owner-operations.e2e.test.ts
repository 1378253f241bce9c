/**
 * The dashboard's operations pages in Chromium: the demo owner finds the order just placed in
 * the store by its number and fulfils it (the shopper's shipping email waits in the outbox,
 * shown on Settings); Orders, an order, Forms and Settings pass axe at 390 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCart, ITEMS, shopper } from '../helpers/checkout-fixtures.ts';
import { addDemoOwners, DEMO_OWNER_PASSWORD } from '../../src/server/modules/owners/index.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const store = useStore({ prepare: (harness) => addDemoOwners(harness.database) });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function logIn(page: Page): Promise<void> {
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill(DEMO_OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

async function placeOrder(): Promise<number> {
  const { token } = await createCart(store.harness.database.db, [
    { item: ITEMS.notebook, quantity: 1 },
  ]);
  const response = await (
    await shopper(store.harness.app, token)
  ).inject({
    method: 'POST',
    url: '/api/commerce/orders',
    headers: { 'idempotency-key': `e2e-${token}` },
    payload: {
      email: 'buyer@example.com',
      shippingAddress: {
        name: 'Ada',
        line1: '1 Water St',
        city: 'Brooklyn',
        region: 'NY',
        postalCode: '11201',
        country: 'US',
      },
      payment: { provider: 'test', token: 'success' },
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ order: { number: number } }>().order.number;
}

const settled = (page: Page) =>
  expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0);

describe('the dashboard operations pages', () => {
  it('finds the order just placed by its number and fulfils it', async () => {
    const number = await placeOrder();
    const { context, page, problems } = await newVisitor(store.browser, { viewport: DESKTOP });
    await page.goto(`${store.origin}/config/orders`);
    await logIn(page);
    await page.getByLabel('Order number or email').fill(`#${String(number)}`);
    await page.getByRole('button', { name: 'Search' }).click();
    const link = page.getByRole('link', { name: `#${String(number)}` });
    await link.waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(2);
    await expectNoAxeViolations(page);
    await link.click();
    await page.getByRole('heading', { name: `Order #${String(number)}`, level: 1 }).waitFor();
    await page.getByText('Order placed').waitFor();
    await page.getByLabel('Carrier (optional)').fill('UPS');
    await page.getByLabel('Tracking number (optional)').fill('1Z999');
    await page.getByRole('button', { name: 'Mark as fulfilled' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Fulfilled; the customer was sent the shipping email.' })
      .waitFor();
    await page.getByText('Fulfilment: Fulfilled').waitFor();
    await page.getByText(/Fulfilled — UPS · tracking 1Z999 \(by owner@example\.com\)/).waitFor();
    await page.screenshot({ path: 'test-results/owner-order-fulfilled.png', fullPage: true });
    await expectNoAxeViolations(page);

    // Without SMTP the shipping email waits in the outbox, where Settings shows it.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    await settled(page);
    await page
      .getByText('No SMTP server is set (SMTP_URL): emails wait here and are not sent.')
      .waitFor();
    expect(await page.getByRole('cell', { name: 'buyer@example.com' }).count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['Orders', PHONE],
    ['Forms', PHONE],
    ['Settings', PHONE],
    ['Orders', DESKTOP],
    ['Forms', DESKTOP],
    ['Settings', DESKTOP],
  ])('shows %s to the ADMIN with no axe violations at %o', async (name, viewport) => {
    const { context, page, problems } = await newVisitor(store.browser, { viewport });
    await page.goto(`${store.origin}/config`);
    await logIn(page);
    if (viewport === PHONE) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await settled(page);
    await page.screenshot({
      path: `test-results/owner-${name.toLowerCase()}-${String(viewport.width)}.png`,
      fullPage: true,
    });
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});
