/**
 * Site users list and cancel their own subscriptions; owners who may read customers list all
 * of the site's. Through app.inject() with real logins.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { setCheckoutSettings } from '../../../../test/helpers/checkout-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { insertSiteUser, login, loginOwner } from '../../../../test/helpers/site-users.ts';
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import { schema } from '../../db/index.ts';
import { createMailer } from '../mail/mailer.ts';
import { createPaymentProviders } from '../payments/index.ts';
import { runDueRenewals } from './renewals.ts';
import {
  addSubscriptionProducts,
  startSubscription,
  SUB,
  subscriptionRow,
  subscriptionTablesSnapshot,
} from './testing/subscription-fixtures.ts';

const LIST = '/api/vitrine/account/subscriptions';
const OWNER_LIST = '/api/vitrine/owner/subscriptions';

interface LoggedIn {
  readonly visitor: Visitor;
  readonly xsrfToken: string;
  readonly userId: string;
}

let harness: TestApp;
let ada: LoggedIn;
let bob: LoggedIn;
const adas: string[] = [];
let guestSubscription = '';

async function logIn(email: string): Promise<LoggedIn> {
  const userId = await insertSiteUser(harness.database.db, email);
  const visitor = await newVisitor(harness.app);
  const response = await login(visitor, email);
  if (response.statusCode !== 200) throw new Error(`login ${response.statusCode}`);
  return { visitor, xsrfToken: response.json<{ xsrfToken: string }>().xsrfToken, userId };
}

/** A visitor whose requests carry the login's xsrfToken, as the storefront sends it. */
function asUser(user: LoggedIn): Visitor {
  return {
    ...user.visitor,
    inject: (options) =>
      user.visitor.inject({
        ...options,
        headers: { 'x-csrf-token': user.xsrfToken, ...options.headers },
      }),
  };
}

function cancel(user: LoggedIn, id: string, options: { csrf?: boolean } = {}) {
  return (options.csrf === false ? user.visitor : asUser(user)).inject({
    method: 'POST',
    url: `${LIST}/${id}/cancel`,
    csrf: options.csrf ?? true,
  });
}

function errorCode(response: LightMyRequestResponse): string {
  return response.json<{ error: { code: string } }>().error.code;
}

beforeAll(async () => {
  harness = await createTestApp();
  await setCheckoutSettings(harness.database.db);
  await addSubscriptionProducts(harness.database.db);
  ada = await logIn('ada@example.com');
  bob = await logIn('bob@example.com');
  for (const item of [SUB.monthly3, SUB.biweekly]) {
    adas.push((await startSubscription(harness, item, { visitor: asUser(ada) })).subscriptionId);
  }
  guestSubscription = (await startSubscription(harness, SUB.biweekly)).subscriptionId;
});
afterAll(() => harness.close());

describe('GET /api/vitrine/account/subscriptions', () => {
  it("lists the logged-in user's own subscriptions, newest first, without payment details", async () => {
    const response = await ada.visitor.inject({ url: LIST });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { subscriptions } = response.json<{ subscriptions: Record<string, unknown>[] }>();
    expect(subscriptions.map((s) => s.id)).toEqual([adas[1], adas[0]]);
    expect(subscriptions[1]).toMatchObject({
      status: 'active',
      email: 'ada@example.com',
      itemId: SUB.monthly3.itemId,
      variantId: SUB.monthly3.variantId,
      title: 'sub coffee',
      quantity: 1,
      billingPeriod: { value: 1, unit: 'MONTH' },
      numBillingCycles: 3,
      wording: 'every month for 3 months',
      cyclesCompleted: 1,
      failedAttempts: 0,
      lastFailureReason: null,
      cancelledAt: null,
      completedAt: null,
    });
    expect(subscriptions[0]).toMatchObject({ wording: 'every 2 weeks', numBillingCycles: 0 });
    expect(subscriptions[1]?.orders).toMatchObject([{ cycle: 1 }]);
    expect(typeof subscriptions[1]?.nextRenewal).toBe('number');
    for (const subscription of subscriptions) {
      expect(subscription).not.toHaveProperty('paymentToken');
      expect(subscription).not.toHaveProperty('siteUserId');
    }
  });

  it("shows another user none of Ada's, and guests' subscriptions to nobody", async () => {
    const response = await bob.visitor.inject({ url: LIST });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ subscriptions: [] });
    const adasList = (await ada.visitor.inject({ url: LIST })).json<{
      subscriptions: { id: string }[];
    }>();
    expect(adasList.subscriptions.map((s) => s.id)).not.toContain(guestSubscription);
  });

  it('needs a site-user login', async () => {
    const response = await (await newVisitor(harness.app)).inject({ url: LIST });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'SITE_USER_LOGIN_REQUIRED', message: 'Please log in to your account.' },
    });
  });
});

describe('POST /api/vitrine/account/subscriptions/:id/cancel', () => {
  it("answers 404 for another user's subscription, a guest's, or an id that is not one, changing nothing", async () => {
    const { db } = harness.database;
    const before = await subscriptionTablesSnapshot(db);
    for (const [user, id] of [
      [bob, adas[0] ?? ''],
      [ada, guestSubscription],
      [ada, 'not-an-id'],
      [ada, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await cancel(user, id);
      expect(response.statusCode, id).toBe(404);
      expect(errorCode(response)).toBe('SUBSCRIPTION_NOT_FOUND');
    }
    expect(await subscriptionTablesSnapshot(db)).toEqual(before);
  });

  it('needs the CSRF token and a login', async () => {
    const { db } = harness.database;
    const before = await subscriptionTablesSnapshot(db);
    const noToken = await cancel(ada, adas[0] ?? '', { csrf: false });
    expect(noToken.statusCode).toBe(403);
    expect(errorCode(noToken)).toBe('SESSION_EXPIRED');
    const guest = await newVisitor(harness.app);
    const anonymous = await guest.inject({ method: 'POST', url: `${LIST}/${adas[0]}/cancel` });
    expect(anonymous.statusCode).toBe(401);
    expect(errorCode(anonymous)).toBe('SITE_USER_LOGIN_REQUIRED');
    expect(await subscriptionTablesSnapshot(db)).toEqual(before);
  });

  it('cancels at once, answers the same when repeated, and the subscription never renews', async () => {
    const { db } = harness.database;
    const id = adas[1] ?? '';
    const response = await cancel(ada, id);
    expect(response.statusCode, response.body).toBe(200);
    const { subscription } = response.json<{
      subscription: { id: string; status: string; cancelledAt: number; nextRenewal: unknown };
    }>();
    expect(subscription).toMatchObject({ id, status: 'cancelled', nextRenewal: null });
    expect(typeof subscription.cancelledAt).toBe('number');
    const again = await cancel(ada, id);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ subscription: unknown }>().subscription).toEqual(subscription);

    const row = await subscriptionRow(db, id);
    const outcomes = await runDueRenewals({
      database: harness.database,
      now: new Date(row.nextRenewalAt.getTime() + 365 * 24 * 3_600_000),
      mailer: createMailer({ database: harness.database }),
      payments: createPaymentProviders(),
      log: { warn: () => undefined, error: () => undefined },
      stockChanged: () => undefined,
    });
    expect(outcomes.map((outcome) => outcome.subscriptionId)).not.toContain(id);
    expect(await subscriptionRow(db, id)).toMatchObject({
      status: 'cancelled',
      cyclesCompleted: 1,
    });
  });

  it('refuses to cancel a subscription that already completed', async () => {
    const { db } = harness.database;
    const id = adas[0] ?? '';
    await db
      .update(schema.subscriptions)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(schema.subscriptions.id, id));
    const before = await subscriptionTablesSnapshot(db);
    const response = await cancel(ada, id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'SUBSCRIPTION_NOT_ACTIVE',
        message: 'This subscription has already ended and cannot be cancelled.',
      },
    });
    expect(await subscriptionTablesSnapshot(db)).toEqual(before);
  });
});

describe('GET /api/vitrine/owner/subscriptions', () => {
  const owner = (email: string, role: number): Promise<Visitor> =>
    loginOwner(harness.app, harness.database.db, email, role);

  it('lists every subscription of the site a page at a time for an owner who may read customers', async () => {
    const manager = await owner('manager@example.com', WEBSITE_ROLES.STORE_MANAGER);
    const first = await manager.inject({ url: `${OWNER_LIST}?limit=2` });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<{
      subscriptions: Record<string, unknown>[];
      hasNextPage: boolean;
      nextPageCursor: string;
    }>();
    expect(page1.subscriptions.map((s) => s.id)).toEqual([guestSubscription, adas[1]]);
    expect(page1.subscriptions[0]).toMatchObject({ siteUserId: null, email: 'ada@example.com' });
    expect(page1.subscriptions[1]).toMatchObject({ siteUserId: ada.userId });
    expect(page1.subscriptions[0]).not.toHaveProperty('paymentToken');
    expect(page1.hasNextPage).toBe(true);
    const second = await manager.inject({
      url: `${OWNER_LIST}?limit=2&cursor=${page1.nextPageCursor}`,
    });
    expect(second.json()).toMatchObject({
      subscriptions: [{ id: adas[0] }],
      hasNextPage: false,
      nextPageCursor: null,
    });
  });

  it('refuses bad paging with field errors', async () => {
    const admin = await owner('admin@example.com', WEBSITE_ROLES.ADMIN);
    for (const query of ['limit=0', 'limit=101', 'limit=two', 'cursor=nope', 'other=1']) {
      const response = await admin.inject({ url: `${OWNER_LIST}?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_FAILED');
    }
    const unknownCursor = await admin.inject({
      url: `${OWNER_LIST}?cursor=00000000-0000-4000-8000-000000000000`,
    });
    expect(unknownCursor.statusCode).toBe(400);
  });

  it('is 401 without an owner login and 403 for a role that may not read customers', async () => {
    const anonymous = await (await newVisitor(harness.app)).inject({ url: OWNER_LIST });
    expect(anonymous.statusCode).toBe(401);
    expect(errorCode(anonymous)).toBe('OWNER_UNAUTHORIZED');
    // A site user is not an owner.
    expect((await ada.visitor.inject({ url: OWNER_LIST })).statusCode).toBe(401);
    const editor = await owner('editor@example.com', WEBSITE_ROLES.EDITOR);
    const forbidden = await editor.inject({ url: OWNER_LIST });
    expect(forbidden.statusCode).toBe(403);
    expect(errorCode(forbidden)).toBe('OWNER_FORBIDDEN');
  });
});
