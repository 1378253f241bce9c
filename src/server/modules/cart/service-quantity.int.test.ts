/**
 * multipleQuantityAllowedForServices: a service may be bought more than once unless the site
 * turns it off; then adding or raising a service past 1 is refused and nothing changes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCartFixtures,
  FIXTURE,
  snapshotCartTables,
} from '../../../../test/helpers/cart-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { sql } from 'drizzle-orm';
import { schema } from '../../db/index.ts';
import { createSiteResolver, type SiteResolver } from '../../http/current-site.ts';

let harness: TestApp;
let visitor: Visitor;
// Re-read on every request, so a setting written by a test applies to its next request.
let resolver: SiteResolver | undefined;

beforeAll(async () => {
  harness = await createTestApp({
    rateLimit: { max: 100_000, timeWindowMs: 60_000 },
    sites: {
      current: () => resolver?.current() ?? Promise.resolve(undefined),
      invalidate: (change) => resolver?.invalidate(change),
      stockVersion: () => resolver?.stockVersion() ?? 0,
    },
  });
  resolver = createSiteResolver(harness.database, { ttlMs: 0 });
  await addCartFixtures(harness.database.db);
});
afterAll(() => harness.close());
beforeEach(async () => {
  visitor = await newVisitor(harness.app);
});

async function allowMultiple(allowed: boolean | null): Promise<void> {
  const { sites } = schema;
  await harness.database.db.update(sites).set({
    settings:
      allowed === null
        ? sql`${sites.settings} - 'multipleQuantityAllowedForServices'`
        : sql`${sites.settings} || ${JSON.stringify({ multipleQuantityAllowedForServices: allowed })}::jsonb`,
  });
}

const addService = (quantity: number) =>
  visitor.inject({
    method: 'POST',
    url: '/api/commerce/shopping-cart/entries',
    payload: { itemId: FIXTURE.service.itemId, sku: FIXTURE.service.sku, quantity },
  });

describe('quantities of a service', () => {
  it('allows more than one by default', async () => {
    await allowMultiple(null);
    const response = await addService(2);
    expect(response.statusCode).toBe(200);
    expect(response.json().newlyAdded).toMatchObject({ quantity: 2 });
  });

  it('refuses more than one, adding or raising, when the site does not allow it', async () => {
    await allowMultiple(false);
    const before = await snapshotCartTables(harness.database.db);
    const refused = await addService(2);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'SERVICE_QUANTITY_LIMIT',
      message: 'Only one of this service can be in the cart.',
    });
    expect(await snapshotCartTables(harness.database.db)).toEqual(before);

    const one = await addService(1);
    expect(one.statusCode).toBe(200);
    const entryId = one.json<{ newlyAdded: { id: string } }>().newlyAdded.id;
    expect((await addService(1)).json().error.code).toBe('SERVICE_QUANTITY_LIMIT');
    const raised = await visitor.inject({
      method: 'PUT',
      url: `/api/vitrine/cart/entries/${entryId}/quantity`,
      payload: { quantity: 2 },
    });
    expect(raised.statusCode).toBe(400);
    expect(raised.json().error.code).toBe('SERVICE_QUANTITY_LIMIT');
  });
});
