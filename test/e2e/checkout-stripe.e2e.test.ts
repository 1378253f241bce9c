/**
 * The Stripe journey in Chromium against the local fake Stripe: checkout → 'Continue to
 * payment' → the fake's payment page → pay → back on the confirmation, which says 'Payment
 * received, confirming…' until the signed webhook arrives, then shows order 1001 and 'Payment Paid'.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { STRIPE_WEBHOOK_PATH } from '../../src/server/modules/orders/payment-webhook-routes.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';
import { fillAddress } from '../helpers/checkout-form.ts';
import {
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeStripe,
} from '../helpers/fake-stripe.ts';

const env: Record<string, string> = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
};
let fake: FakeStripe;
// Registered before the store's: the app is configured with the fake's address.
beforeAll(async () => {
  fake = await startFakeStripe();
  env.STRIPE_API_BASE = fake.url;
});
const store = useStore({ env });
afterAll(() => fake.close());

describe('a shopper paying on Stripe', () => {
  it('is sent to the payment page and back, and sees order 1001 paid once Stripe confirms', async () => {
    const { context, page, problems } = await newVisitor(store.browser, {
      javaScriptEnabled: false,
    });
    await page.goto(`${store.origin}/shop/p/linen-shirt`);
    await page.getByLabel('Size').selectOption('M');
    await page.getByLabel('Colour').selectOption('Sand');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForLoadState();
    await page.goto(`${store.origin}/checkout`);
    // Only what Stripe needs: no test payment choices, a 'Continue to payment' button.
    await expect(page.getByRole('radio', { name: 'Success' }).count()).resolves.toBe(0);
    await page.getByLabel('Email').fill('stripe@example.com');
    await fillAddress(page);
    // Without JavaScript the address's tax is priced by 'Update totals' before paying: the order
    // is only sent to Stripe for the total the shopper has seen.
    await page.getByRole('button', { name: 'Update totals' }).click();
    await page.waitForLoadState();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForLoadState();

    expect(page.url().startsWith(`${fake.url}/pay/`)).toBe(true);
    // The webhook is held back: the shopper returns before Stripe's confirmation arrives.
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForLoadState();
    expect(page.url()).toMatch(/\/commerce\/orders\/[\w-]+\?token=/);
    await expect(page.getByRole('status').textContent()).resolves.toBe(
      'Payment received, confirming…',
    );
    await expect(page.locator('.order-id strong').textContent()).resolves.toBe('1001');
    const db = store.harness.database.db;
    const [pending] = await db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.email, 'stripe@example.com'));
    expect(pending?.paymentStatus).toBe('pending_payment');

    const completed = fake.events.at(-1);
    if (!completed) throw new Error('the pay page made no event');
    fake.webhookUrl = `${store.origin}${STRIPE_WEBHOOK_PATH}`;
    expect(await fake.deliver(completed)).toBe(200);
    // The page reloads itself while pending; the next load shows the paid order.
    await page.getByText('A confirmation is on its way to stripe@example.com.').waitFor();
    await expect(page.locator('.order-id strong').textContent()).resolves.toBe('1001');
    await expect(page.locator('.order-payment-state').textContent()).resolves.toBe('Payment Paid');
    await expect(page.getByRole('status').count()).resolves.toBe(0);
    const [paid] = await db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.email, 'stripe@example.com'));
    expect(paid).toMatchObject({ number: 1001, paymentStatus: 'paid', paymentProvider: 'stripe' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
