/**
 * A guest's order finds its way into the account they create afterwards, in Chromium: the guest
 * buys the linen shirt (test provider), creates an account with the same address, opens the link
 * mailed to that address (docs/behaviour/accounts-and-login.md#orders-bought-as-a-guest), and
 * /account lists the order (number, date, total, state) and opens it. The list is axe clean at
 * 390 and 1280 px; under `npm run screenshots` its pictures are kept beside the others
 * (account-orders-*).
 */
import AxeBuilder from '@axe-core/playwright';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { addShirt, fillAddress } from '../helpers/checkout-form.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';
import { keepFullPagePicture } from '../helpers/full-page-pictures.ts';

const EMAIL = 'history@example.com';

const store = useStore();

/** The link of the newest 'add your earlier orders' email to the address, on this store's origin. */
async function guestOrdersLink(): Promise<string> {
  const mails = await store.harness.database.db
    .select({ text: schema.outbox.textBody })
    .from(schema.outbox)
    .where(
      and(eq(schema.outbox.kind, 'site-user-guest-orders'), eq(schema.outbox.toAddress, EMAIL)),
    );
  const link = /https?:\/\/\S+\/account\/orders\/link\?token=\S+/.exec(mails.at(-1)?.text ?? '');
  if (!link) throw new Error(`no link mailed to ${EMAIL}`);
  const url = new URL(link[0]);
  return `${store.origin}${url.pathname}${url.search}`;
}

describe('a guest who creates an account', () => {
  it('finds the order bought as a guest in /account once the mailed link is opened', async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    // Waits are for states (hydration, URLs); on a loaded machine they may take a while.
    page.setDefaultTimeout(120_000);
    await addShirt(page, store.origin);
    await page.goto(`${store.origin}/checkout`);
    await page.getByLabel('Email').fill(EMAIL);
    await fillAddress(page, 'NY');
    await page.getByRole('radio', { name: /^Standard/ }).check();
    await page.getByRole('radio', { name: 'Success' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/commerce\/orders\/[\w-]+\?token=/);
    const [order] = await store.harness.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.email, EMAIL));
    if (!order) throw new Error('the guest order was not written');
    expect(order.siteUserId).toBeNull();

    await page.goto(`${store.origin}/account/create`);
    await page.locator('main').getByLabel('Email').fill(EMAIL);
    await page.locator('main').getByLabel('Password').fill('a long enough password');
    await page.locator('main').getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${store.origin}/account`);
    // Typing the address is not proof of it: the order waits for the mailbox.
    await expect(page.locator('main').getByText('No orders yet.').isVisible()).resolves.toBe(true);
    await expect(
      page
        .locator('main')
        .getByText(/join your account once you open the link/)
        .isVisible(),
    ).resolves.toBe(true);

    await page.goto(await guestOrdersLink());
    await page.waitForURL(`${store.origin}/account?linked=1`);
    await expect(page.getByRole('status').textContent()).resolves.toBe(
      'An earlier order was added to your account.',
    );
    const row = page.locator('table.account-orders tbody tr');
    await expect(row.count()).resolves.toBe(1);
    const cells = await row.locator('td').allTextContents();
    const total = `$${(order.grandTotalCents / 100).toFixed(2)}`;
    expect(cells.map((cell) => cell.trim())).toEqual([
      `#${order.number}`,
      order.createdAt.toISOString().slice(0, 10),
      total,
      'Processing',
    ]);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${store.origin}/account`);
      await keepFullPagePicture(page, `account-orders-${width}.png`);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${width}px ${v.id}: ${v.help}`)).toEqual([]);
    }

    await page.getByRole('link', { name: `#${order.number}` }).click();
    await page.waitForURL(`${store.origin}/account/orders/${order.number}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      `Order #${order.number}`,
    );
    await expect(page.locator('main').getByText('Linen Shirt').first().isVisible()).resolves.toBe(
      true,
    );
    await expect(page.locator('.account-order .checkout-total dd').textContent()).resolves.toBe(
      total,
    );
    expect(problems).toEqual([]);
    await context.close();
    // A whole purchase, a sign-up and two axe passes: bounded by steps, given time on a busy machine.
  }, 300_000);
});
