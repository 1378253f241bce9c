/**
 * A store with rows in every table, for the backup round trip (docs/backup.md): the demo
 * catalog, orders (paid, refunded, paid by gift card), customers with logins and a reset link,
 * owners, form submissions, analytics, page-speed records and script errors, a subscription and
 * its renewal, restock and mailing-list sign-ups, captcha solutions and page unlocks. Rows come
 * through the API where a test helper already drives it, and straight into their tables
 * otherwise (the backup only reads what is stored, however it got there).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../../test/helpers/app.ts';
import {
  addCheckoutProducts,
  issueGiftCard,
  ITEMS,
  setCheckoutSettings,
} from '../../../../../test/helpers/checkout-fixtures.ts';
import { ownerAction, placeTestOrder } from '../../../../../test/helpers/order-fixtures.ts';
import { newVisitor } from '../../../../../test/helpers/session.ts';
import {
  firstSiteId,
  insertSiteUser,
  login,
  loginOwner,
} from '../../../../../test/helpers/site-users.ts';
import { WEBSITE_ROLES } from '../../../../shared/roles.ts';
import { schema } from '../../../db/index.ts';
import { rebuildDailyRollup } from '../../analytics/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function fillEveryTable(harness: TestApp): Promise<void> {
  const { app } = harness;
  const { db } = harness.database;
  await setCheckoutSettings(db);
  await addCheckoutProducts(db);
  const siteId = await firstSiteId(db);
  const later = new Date(Date.now() + DAY_MS);

  // Customers: an account logged in, a failed login, a reset link asked for.
  const customerId = await insertSiteUser(db, 'customer@example.com');
  const customer = await newVisitor(app);
  if ((await login(customer, 'customer@example.com')).statusCode !== 200)
    throw new Error('the customer did not log in');
  await login(await newVisitor(app), 'customer@example.com', 'not the password');
  const forgetful = await newVisitor(app);
  const reset = await forgetful.inject({
    method: 'POST',
    url: '/api/vitrine/site-users/password-reset',
    payload: { email: 'customer@example.com' },
  });
  if (reset.statusCode !== 202) throw new Error(`no reset link: ${reset.body}`);

  // Orders: a shirt (refunded in part by an owner), a gift card bought, one paid by gift card.
  const shirt = await placeTestOrder(harness, [{ item: ITEMS.shirtM, quantity: 1 }], {
    email: 'customer@example.com',
  });
  await placeTestOrder(harness, [{ item: ITEMS.giftCard25, quantity: 1 }], { address: false });
  await issueGiftCard(db, 'BACKUPCARD0001', 5_000);
  const byCard = await placeTestOrder(harness, [{ item: ITEMS.ebook, quantity: 1 }], {
    address: false,
    giftCardCodes: ['BACKUPCARD0001'],
  });
  const renewal = await placeTestOrder(harness, [{ item: ITEMS.notebook, quantity: 1 }]);
  const manager = await loginOwner(
    app,
    db,
    'backup-manager@example.com',
    WEBSITE_ROLES.STORE_MANAGER,
  );
  await ownerAction(manager, shirt.id, 'refunds', { amount: 500, reason: 'scuff' }, 'backup-r1');
  await db.insert(schema.couponUsages).values({
    orderId: byCard.id,
    siteId,
    code: 'WELCOME10',
    discountCents: 0,
  });
  await db.insert(schema.ownerLinks).values({
    id: randomUUID(),
    siteId,
    kind: 'setup',
    tokenHash: 'b'.repeat(64),
    expiresAt: later,
  });

  // A subscription started by the shirt's order, renewed by the notebook's.
  const [shirtRow] = await db
    .select({ cartId: schema.orders.cartId })
    .from(schema.orders)
    .where(eq(schema.orders.id, shirt.id));
  const subscriptionId = randomUUID();
  await db.insert(schema.subscriptions).values({
    id: subscriptionId,
    siteId,
    siteUserId: customerId,
    email: 'customer@example.com',
    cartId: shirtRow?.cartId ?? '',
    firstOrderId: shirt.id,
    productId: ITEMS.shirtM.productId,
    variantId: ITEMS.shirtM.variantId,
    quantity: 1,
    additionalFields: { note: 'gift wrap' },
    currency: 'USD',
    billingValue: 1,
    billingUnit: 'MONTH',
    numBillingCycles: 6,
    cyclesCompleted: 2,
    billingAnchor: new Date('2026-10-27T09:30:00Z'),
    nextRenewalAt: later,
    nextAttemptAt: later,
    paymentProvider: 'test',
    paymentToken: 'success',
  });
  await db
    .insert(schema.subscriptionOrders)
    .values({ orderId: renewal.id, subscriptionId, cycle: 2 });

  // Form submissions, analytics, page speed and script errors.
  await db.insert(schema.formSubmissionKeys).values({
    keyHash: 'k'.repeat(64),
    sessionHash: 's'.repeat(64),
    siteId,
    expiresAt: later,
  });
  await db.insert(schema.formSubmissions).values({
    siteId,
    formId: 'contact',
    formName: 'Contact',
    fields: [],
    answers: { message: 'Héllo, "world"\nline two' } as never,
    pagePath: '/contact',
    ipHash: 'i'.repeat(64),
  });
  await db.insert(schema.analyticsEvents).values({
    siteId,
    source: 'census',
    kind: 'page_view',
    eventName: 'view',
    visitorId: 'visitor-1',
    pagePath: '/shop',
    data: { pagePath: '/shop', nested: { list: [1, 2.5, null] } },
  });
  await rebuildDailyRollup(db, siteId);
  await db.insert(schema.pageSpeedRecords).values({
    siteId,
    pageLoadId: 'load-1',
    pageType: 1,
    path: '/shop',
    lcpMs: 1234.5,
    cls: 0.012,
    record: { lcp: 1234.5 },
  });
  const [group] = await db
    .insert(schema.scriptErrorGroups)
    .values({
      siteId,
      fingerprint: 'f'.repeat(40),
      message: 'x is undefined',
      topFrame: 'app.js:1:2',
      occurrences: 3,
    })
    .returning({ id: schema.scriptErrorGroups.id });
  await db.insert(schema.scriptErrors).values({
    groupId: group?.id ?? 0,
    siteId,
    eventName: 'error',
    message: 'x is undefined',
    line: 1,
    column: 2,
    clientTime: new Date('2026-11-27T08:00:00.123Z'),
  });

  // Sign-ups, captcha solutions and page unlocks.
  await db.insert(schema.restockSignups).values({
    siteId,
    productId: ITEMS.shirtL.productId,
    variantId: ITEMS.shirtL.variantId,
    email: 'waiting@example.com',
    joinMailingList: true,
  });
  await db.insert(schema.mailingSubscribers).values({
    siteId,
    listId: 'newsletter',
    email: 'reader@example.com',
    status: 'subscribed',
    source: 'form',
  });
  await db.insert(schema.captchaSolutions).values({ signature: 'sig-1', expiresAt: later });
  await db.insert(schema.contentUnlocks).values({
    sessionHash: 's'.repeat(64),
    siteId,
    target: 'page:trade',
    passwordFingerprint: 'p'.repeat(64),
  });
}
