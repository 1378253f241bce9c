/**
 * The gift card page (a gift card product's denominations, bought through the express cart)
 * and the subscription page (the subscription cart of `?cartToken=` with its billing wording).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/index.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { addCartFixtures, FIXTURE } from '../../../../test/helpers/cart-fixtures.ts';
import { newVisitor } from '../../../../test/helpers/session.ts';
import { formPost, hiddenValue, labelOf } from '../../../../test/helpers/page-html.ts';
import { changedTables, databaseFingerprint } from '../../../../test/helpers/db-fingerprint.ts';
import { ERRORS } from '../../../shared/errors.ts';
import { GIFT_MESSAGE_MAX_LENGTH } from '../../../shared/giftcards/recipient.ts';

let harness: TestApp;
let siteId: string;

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
  siteId = await addCartFixtures(harness.database.db);
});
afterAll(() => harness.close());

describe('GET /commerce/gift-card', () => {
  it('shows the denominations with the chosen sku checked and a Purchase form to the express cart', async () => {
    const visitor = await newVisitor(harness.app, '/');
    const url = `/commerce/gift-card?itemId=${FIXTURE.giftCard.itemId}&sku=${FIXTURE.giftCard.sku50}`;
    const page = await visitor.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 id="gift-card-heading">Gift Card</h1>');
    expect(page.body).toMatch(/name="sku" value="GC-25" required>/);
    expect(page.body).toMatch(/name="sku" value="GC-50" required checked>/);
    expect(page.body).toContain('$25.00');
    expect(page.body).toContain('$50.00');
    expect(page.body).toMatch(/<form class="gift-card-form" method="post" action="\/cart\/add">/);
    expect(hiddenValue(page.body, 'isExpress')).toBe('true');
    expect(page.body).toContain('>Purchase</button>');

    // Without JavaScript: the form buys through the express cart and its checkout.
    const bought = await formPost(visitor, '/cart/add', {
      itemId: FIXTURE.giftCard.itemId,
      isExpress: 'true',
      quantity: '1',
      sku: FIXTURE.giftCard.sku50,
    });
    expect(bought.statusCode).toBe(303);
    const checkoutUrl = bought.headers.location as string;
    expect(checkoutUrl).toMatch(/^\/checkout\?cartToken=[\w-]+$/);
    const checkout = await visitor.inject({ url: checkoutUrl });
    expect(checkout.body).toContain('Gift Card');
    expect(checkout.body).toMatch(/<dt>Total<\/dt><dd>\$50\.00<\/dd>/);
    expect(checkout.body).not.toContain('name="line1"');
  });

  it('checks the first denomination when no sku is given', async () => {
    const page = await harness.app.inject({
      url: `/commerce/gift-card?itemId=${FIXTURE.giftCard.itemId}`,
    });
    expect(page.body).toMatch(/name="sku" value="GC-25" required checked>/);
  });

  it('answers 404 for a product that is not a published gift card, or none', async () => {
    for (const itemId of [FIXTURE.shirt.itemId, FIXTURE.draft.itemId, 'nothing', '']) {
      const page = await harness.app.inject({ url: `/commerce/gift-card?itemId=${itemId}` });
      expect(page.statusCode, itemId).toBe(404);
    }
  });
});

async function subscriptionCart(kind: 'subscription' | 'standard' = 'subscription') {
  const cartId = randomUUID();
  const token = randomBytes(24).toString('base64url');
  const { db } = harness.database;
  await db.insert(schema.carts).values({ id: cartId, siteId, token, currency: 'USD', kind });
  await db.insert(schema.cartEntries).values({
    id: randomUUID(),
    cartId,
    productId: FIXTURE.subscription.itemId,
    variantId: `${FIXTURE.subscription.itemId}-v`,
    quantity: 1,
  });
  return { cartId, token };
}

describe('GET /commerce/subscription', () => {
  it('shows the subscription cart with its billing wording and a form on to its checkout', async () => {
    const { token } = await subscriptionCart();
    const page = await harness.app.inject({ url: `/commerce/subscription?cartToken=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('coffee club');
    expect(page.body).toContain(
      '<strong>$25.00</strong> <span class="subscription-wording">every month</span>',
    );
    expect(page.body).toMatch(/<form method="get" action="\/checkout">/);
    expect(hiddenValue(page.body, 'cartToken')).toBe(token);

    const checkout = await harness.app.inject({ url: `/checkout?cartToken=${token}` });
    expect(checkout.body).toContain('Billed every month.');
  });

  it("words a finite plan in years and shows 'Unavailable' for a plan it cannot word", async () => {
    const { db } = harness.database;
    const product = eq(schema.products.id, FIXTURE.subscription.itemId);
    const { token } = await subscriptionCart();
    await db
      .update(schema.products)
      .set({
        subscriptionPlan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 26 },
      })
      .where(product);
    const finite = await harness.app.inject({ url: `/commerce/subscription?cartToken=${token}` });
    expect(finite.body).toContain('every 2 weeks for 1 year');

    await db
      .update(schema.products)
      .set({
        subscriptionPlan: {
          billingPeriod: { value: 0, unit: 'DAY' },
          numBillingCycles: 0,
        } as never,
      })
      .where(product);
    const broken = await harness.app.inject({ url: `/commerce/subscription?cartToken=${token}` });
    expect(broken.body).toContain('<span class="subscription-wording">Unavailable</span>');
    await db
      .update(schema.products)
      .set({
        subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
      })
      .where(product);
  });

  it('answers 404 without a token, for a token of another kind of cart or a malformed one', async () => {
    const standard = await subscriptionCart('standard');
    for (const query of ['', `?cartToken=${standard.token}`, '?cartToken=short']) {
      const page = await harness.app.inject({ url: `/commerce/subscription${query}` });
      expect(page.statusCode, query).toBe(404);
    }
  });
});

describe("the demo's gift card and subscription, without JavaScript", () => {
  it('buys the demo gift card from its page through the express checkout', async () => {
    const visitor = await newVisitor(harness.app, '/');
    const page = await visitor.inject({
      url: '/commerce/gift-card?itemId=store-gift-card&sku=GIFT-100',
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/name="sku" value="GIFT-100" required checked>/);
    const bought = await formPost(visitor, '/cart/add', {
      itemId: 'store-gift-card',
      isExpress: 'true',
      quantity: '1',
      sku: 'GIFT-100',
    });
    const checkout = await visitor.inject({ url: bought.headers.location });
    const placed = await formPost(visitor, bought.headers.location as string, {
      email: 'giver@example.com',
      idempotencyKey: hiddenValue(checkout.body, 'idempotencyKey') ?? '',
      payment: 'success',
    });
    expect(placed.statusCode).toBe(303);
    const confirmation = await visitor.inject({ url: placed.headers.location });
    expect(confirmation.body).toContain('Vitrine Gift Card');
    expect(confirmation.body).toMatch(/<li><code>[\w-]+<\/code> — \$100\.00<\/li>/);
  });

  it('sends a gift card to a recipient named on its page: their own email with the message and code', async () => {
    const visitor = await newVisitor(harness.app, '/');
    const page = await visitor.inject({
      url: '/commerce/gift-card?itemId=store-gift-card&sku=GIFT-50',
    });
    expect(labelOf(page.body, 'recipientEmail')).toBe('Recipient email');
    expect(page.body).toContain('<label for="gift-card-message">Message</label>');
    expect(page.body).toContain(
      `<textarea id="gift-card-message" name="giftMessage" maxlength="${GIFT_MESSAGE_MAX_LENGTH}"`,
    );

    const add = (fields: Record<string, string>) =>
      formPost(visitor, '/cart/add', {
        itemId: 'store-gift-card',
        isExpress: 'true',
        quantity: '1',
        sku: 'GIFT-50',
        ...fields,
      });
    // Refusals go back to the gift card page with the catalog's words, and change nothing.
    const before = await databaseFingerprint(harness.database);
    for (const [fields, code] of [
      [{ recipientEmail: 'ada at example' }, 'GIFT_CARD_RECIPIENT_INVALID'],
      [{ giftMessage: 'For you' }, 'GIFT_CARD_RECIPIENT_INVALID'],
      [
        { recipientEmail: 'ada@example.com', giftMessage: 'x'.repeat(GIFT_MESSAGE_MAX_LENGTH + 1) },
        'GIFT_CARD_MESSAGE_TOO_LONG',
      ],
    ] as const) {
      const refused = await add(fields);
      expect(refused.statusCode).toBe(303);
      const back = String(refused.headers.location);
      expect(back).toMatch(/^\/commerce\/gift-card\?itemId=store-gift-card&sku=GIFT-50&cartError=/);
      const shown = await visitor.inject({ url: back });
      const alert = /<p class="form-error" role="alert">([^<]*)<\/p>/.exec(shown.body)?.[1];
      expect(alert?.replace(/&#(39|x27);/g, "'")).toBe(ERRORS[code].message);
    }
    expect(changedTables(before, await databaseFingerprint(harness.database))).toEqual([]);

    const bought = await add({
      recipientEmail: ' Ada@Example.com ',
      giftMessage: 'Happy birthday!',
    });
    expect(bought.statusCode).toBe(303);
    const checkout = await visitor.inject({ url: bought.headers.location });
    const placed = await formPost(visitor, bought.headers.location as string, {
      email: 'giver@example.com',
      idempotencyKey: hiddenValue(checkout.body, 'idempotencyKey') ?? '',
      payment: 'success',
    });
    expect(placed.statusCode).toBe(303);
    const confirmation = await visitor.inject({ url: placed.headers.location });
    const code = /<li><code>([\w-]+)<\/code> — \$50\.00 — emailed to Ada@Example\.com<\/li>/.exec(
      confirmation.body,
    )?.[1];
    expect(code).toBeDefined();

    const orderId = /\/commerce\/orders\/([\w-]+)/.exec(String(placed.headers.location))?.[1];
    const mails = await harness.database.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.reference, orderId ?? ''));
    const gift = mails.find((mail) => mail.kind === 'gift-card');
    expect(gift).toMatchObject({
      toAddress: 'Ada@Example.com',
      subject: 'A gift card for Vitrine Demo Store',
    });
    expect(gift?.textBody).toContain('Their message:\nHappy birthday!');
    expect(gift?.textBody).toContain(`- ${code ?? '?'}: 50.00 USD`);
    const own = mails.find((mail) => mail.kind === 'order-confirmation');
    expect(own?.textBody).toContain(`- ${code ?? '?'}: 50.00 USD (emailed to Ada@Example.com)`);
  });

  it('shows only catalog messages from the query, never text of its own', async () => {
    const page = await harness.app.inject({
      url: '/commerce/gift-card?itemId=store-gift-card&cartError=Call%20us%20at%20555',
    });
    expect(page.body).not.toContain('Call us at 555');
  });

  it('shows the demo subscription made by the subscription endpoint and buys it at its checkout', async () => {
    const visitor = await newVisitor(harness.app, '/');
    const made = await visitor.inject({
      method: 'POST',
      url: '/api/3/commerce/cart/subscription',
      payload: { itemId: 'tea-of-the-month', sku: 'TEA-SUB', qty: 1 },
    });
    expect(made.statusCode).toBe(200);
    const { cartToken } = made.json<{ cartToken: string }>();
    const page = await visitor.inject({ url: `/commerce/subscription?cartToken=${cartToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Tea of the Month');
    expect(page.body).toContain(
      '<strong>$16.00</strong> <span class="subscription-wording">every month for 1 year</span>',
    );

    const url = `/checkout?cartToken=${cartToken}`;
    const checkout = await visitor.inject({ url });
    expect(checkout.body).toContain('Billed every month for 1 year.');
    const placed = await formPost(visitor, url, {
      email: 'tea@example.com',
      name: 'Ada Lovelace',
      line1: '1 Main St',
      city: 'Albany',
      region: 'NY',
      postalCode: '12207',
      country: 'US',
      idempotencyKey: hiddenValue(checkout.body, 'idempotencyKey') ?? '',
      payment: 'success',
    });
    expect(placed.statusCode).toBe(303);
    // Its confirmation is the subscription confirmed page (206), which sends the purchase events.
    const confirmation = await visitor.inject({ url: placed.headers.location });
    expect(confirmation.statusCode).toBe(200);
    expect(confirmation.body).toContain('<body data-page-type="206">');
    expect(confirmation.body).toContain('Your subscription has started');
    const [subscription] = await harness.database.db
      .select({ cartId: schema.subscriptions.cartId })
      .from(schema.subscriptions)
      .innerJoin(schema.carts, eq(schema.carts.id, schema.subscriptions.cartId))
      .where(eq(schema.carts.token, cartToken));
    expect(subscription).toBeDefined();
    // A bought subscription cart has no page any more.
    const after = await visitor.inject({ url: `/commerce/subscription?cartToken=${cartToken}` });
    expect(after.statusCode).toBe(404);
  });
});
