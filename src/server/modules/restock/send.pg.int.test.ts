/**
 * Exactly-once sending under real concurrency: many owners pressing send at once, on separate
 * PostgreSQL connections, never mail a sign-up twice and never leave one unmarked.
 */
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithPostgres,
  type TestDatabase,
} from '../../../../test/helpers/db.ts';
import { DEMO_SITE_FILE, readSiteFile } from '../../main.ts';
import { schema } from '../../db/index.ts';
import { importSite } from '../site-import/index.ts';
import { sendRestockNotices } from './send.ts';
import { setVariantStock, SOLD_OUT } from './testing/restock-fixtures.ts';

const { restockSignups, outbox } = schema;
const SITE = {
  id: 'vitrine-demo',
  title: 'Vitrine Demo Store',
  currency: 'USD',
  timeZone: 'America/New_York',
};
const SIGNUPS = 300;
const SENDERS = 20;
const ROUNDS = 5;

describeWithPostgres('restock sends racing on PostgreSQL', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
    await importSite(test.database, await readSiteFile(DEMO_SITE_FILE));
  });
  afterAll(() => test.cleanup());

  it(`${SENDERS} concurrent sends over ${SIGNUPS} sign-ups mail each exactly once (${ROUNDS} rounds)`, async () => {
    const { db } = test.database;
    for (let round = 0; round < ROUNDS; round += 1) {
      await db.delete(outbox);
      await db.delete(restockSignups);
      await db.insert(restockSignups).values(
        Array.from({ length: SIGNUPS }, (_, i) => ({
          siteId: SITE.id,
          ...SOLD_OUT,
          email: `r${round}-${i}@example.com`,
        })),
      );
      await setVariantStock(db, SOLD_OUT.variantId, 1);
      const outcomes = await Promise.all(
        Array.from({ length: SENDERS }, () =>
          sendRestockNotices(
            { database: test.database, site: SITE, origin: 'https://shop.example' },
            [SOLD_OUT],
          ),
        ),
      );
      const total = outcomes.reduce(
        (sum, outcome) => sum + (outcome.results[0]?.sentCount ?? 0),
        0,
      );
      expect(total, `round ${round}`).toBe(SIGNUPS);
      expect(await db.$count(outbox), `round ${round}`).toBe(SIGNUPS);
      expect(await db.$count(restockSignups), `round ${round}`).toBe(SIGNUPS);
      const unsent = await db.$count(restockSignups, isNull(restockSignups.sentAt));
      expect(unsent, `round ${round}`).toBe(0);
    }
  });
});
