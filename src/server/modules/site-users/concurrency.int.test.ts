/**
 * Races that only a real PostgreSQL shows (several pool connections at once).
 */
import { ACCOUNT_THROTTLE } from '../auth/login-throttle.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { describeWithPostgres } from '../../../../test/helpers/db.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { insertSiteUser, login } from '../../../../test/helpers/site-users.ts';
import { schema } from '../../db/index.ts';

describeWithPostgres('site users under concurrency (PostgreSQL)', () => {
  let harness: TestApp;
  let userId: string;

  beforeAll(async () => {
    harness = await createTestApp();
    userId = await insertSiteUser(harness.database.db, 'race@example.com');
  });
  afterAll(() => harness.close());

  const add = (visitor: Visitor, itemId: string, sku: string, quantity: number, token?: string) =>
    visitor.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId, sku, quantity },
      headers: { 'x-csrf-token': token ?? visitor.cookies.get('crumb') ?? visitor.crumb },
    });

  it('merges many guest carts logging in at once into the user cart: nothing lost, stock cap held, no deadlock', async () => {
    for (let round = 0; round < 3; round += 1) {
      await harness.database.db.delete(schema.carts);
      const first = await newVisitor(harness.app);
      const { xsrfToken } = (await login(first, 'race@example.com')).json<{ xsrfToken: string }>();
      expect((await add(first, 'linen-shirt', 'LS-SAND-M', 1, xsrfToken)).statusCode).toBe(200);
      // The cart module does not tag carts with their user; a logout hands it to the user.
      await first.inject({
        method: 'DELETE',
        url: '/api/site-users/account/session',
        headers: { 'x-csrf-token': xsrfToken },
      });
      const guests = await Promise.all(Array.from({ length: 8 }, () => newVisitor(harness.app)));
      for (const guest of guests) {
        expect((await add(guest, 'linen-shirt', 'LS-SAND-M', 1)).statusCode).toBe(200);
        expect((await add(guest, 'field-notebook', 'FN-DOT-48', 1)).statusCode).toBe(200);
      }
      const responses = await Promise.all(guests.map((guest) => login(guest, 'race@example.com')));
      // An account takes at most its free attempts at once (login-throttle.ts counts each before
      // its password check): the others are asked to try again, and their retry goes through.
      const refused = guests.filter((_, index) => responses[index]?.statusCode !== 200);
      expect(guests.length - refused.length).toBeGreaterThanOrEqual(ACCOUNT_THROTTLE.freeFailures);
      for (const response of responses.filter((r) => r.statusCode !== 200))
        expect(response.json()).toEqual({
          error: { code: 'RATE_LIMITED', message: 'Please try again in a few seconds.' },
        });
      const retried = await Promise.all(refused.map((guest) => login(guest, 'race@example.com')));
      expect(retried.map((r) => r.statusCode)).toEqual(refused.map(() => 200));
      const carts = await harness.database.db.select().from(schema.carts);
      expect(carts).toHaveLength(1);
      expect(carts[0]?.siteUserId).toBe(userId);
      const totals = await harness.database.db
        .select({
          variantId: schema.cartEntries.variantId,
          total: sql<number>`sum(${schema.cartEntries.quantity})::int`,
        })
        .from(schema.cartEntries)
        .groupBy(schema.cartEntries.variantId);
      const byVariant = new Map(totals.map((t) => [t.variantId, t.total]));
      const [shirt] = await harness.database.db
        .select()
        .from(schema.variants)
        .where(eq(schema.variants.sku, 'LS-SAND-M'));
      const [notebook] = await harness.database.db
        .select()
        .from(schema.variants)
        .where(eq(schema.variants.sku, 'FN-DOT-48'));
      // LS-SAND-M has 3 in stock: capped there. Every notebook arrives.
      expect(byVariant.get(shirt?.id ?? '')).toBe(3);
      expect(byVariant.get(notebook?.id ?? '')).toBe(8);
    }
  });

  it('lets exactly one of many simultaneous uses of a reset link succeed', async () => {
    const visitor = await newVisitor(harness.app);
    await harness.database.db.delete(schema.passwordResetTokens);
    await visitor.inject({
      method: 'POST',
      url: '/api/vitrine/site-users/password-reset',
      payload: { email: 'race@example.com' },
    });
    const [mail] = await harness.database.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.kind, 'site-user-password-reset'))
      .orderBy(sql`${schema.outbox.createdAt} desc`)
      .limit(1);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '')?.[1] ?? '';
    const visitors = await Promise.all(Array.from({ length: 10 }, () => newVisitor(harness.app)));
    const responses = await Promise.all(
      visitors.map((v, i) =>
        v.inject({
          method: 'POST',
          url: '/api/vitrine/site-users/password-reset/complete',
          payload: { token, password: `new password ${i}` },
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(9);
  });
});
