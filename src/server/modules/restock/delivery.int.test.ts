import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { startFakeSmtp, type FakeSmtp } from '../../../../test/helpers/fake-smtp.ts';
import { newVisitor } from '../../../../test/helpers/session.ts';
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import { schema } from '../../db/index.ts';
import {
  OWNER,
  ownerClient,
  setSiteSettings,
  setVariantStock,
  signUp,
  SOLD_OUT,
} from './testing/restock-fixtures.ts';

const { outbox } = schema;

describe('restock notices with SMTP configured', () => {
  let smtp: FakeSmtp;
  let harness: TestApp;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    harness = await createTestApp({ env: { SMTP_URL: smtp.url } });
    await setSiteSettings(harness.database.db);
  });
  afterAll(async () => {
    await harness.close();
    await smtp.close();
  });

  it('delivers each notice through the mail module and marks its outbox row sent', async () => {
    const { db } = harness.database;
    const visitor = await newVisitor(harness.app);
    for (const email of ['x@example.com', 'y@example.com']) {
      expect((await signUp(visitor, { ...SOLD_OUT, siteVisitorEmail: email })).statusCode).toBe(
        200,
      );
    }
    await setVariantStock(db, SOLD_OUT.variantId, 3);
    const manager = await ownerClient(
      harness.app,
      db,
      'smtp-manager@example.com',
      WEBSITE_ROLES.STORE_MANAGER,
    );
    const response = await manager.post(`${OWNER}/send`, SOLD_OUT);
    expect(response.json()).toEqual({ ...SOLD_OUT, sentCount: 2 });

    await expect
      .poll(
        async () =>
          (await db.select().from(outbox).where(eq(outbox.kind, 'restock-notice'))).map(
            (row) => row.status,
          ),
        { timeout: 10_000 },
      )
      .toEqual(['sent', 'sent']);
    const recipients = smtp.received.flatMap((mail) => mail.to).sort();
    expect(recipients).toEqual(['<x@example.com>', '<y@example.com>']);
    expect(smtp.received[0]?.data).toContain('Subject: Back in stock: Linen Shirt');
  });
});
