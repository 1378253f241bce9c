import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import { schema } from '../../db/index.ts';
import { listSignUpGroups } from './owner-lists.ts';
import {
  OWNER,
  ownerClient,
  restockCounts,
  setSiteSettings,
  setVariantStock,
  signUp,
  SOLD_OUT,
  type OwnerClient,
} from './testing/restock-fixtures.ts';

const { restockSignups, outbox } = schema;
const OTHER = { productId: 'linen-shirt', variantId: 'linen-shirt-m-sand' } as const;
const SITE = 'vitrine-demo';

let harness: TestApp;
let visitor: Visitor;
let manager: OwnerClient;
let admin: OwnerClient;

beforeAll(async () => {
  harness = await createTestApp();
  visitor = await newVisitor(harness.app);
  manager = await ownerClient(
    harness.app,
    harness.database.db,
    'manager@example.com',
    WEBSITE_ROLES.STORE_MANAGER,
  );
  admin = await ownerClient(
    harness.app,
    harness.database.db,
    'admin@example.com',
    WEBSITE_ROLES.ADMIN,
  );
});
afterAll(() => harness.close());

async function signUps(
  variant: { productId: string; variantId: string },
  emails: readonly string[],
): Promise<void> {
  for (const email of emails) {
    const response = await signUp(visitor, {
      ...variant,
      siteVisitorEmail: email,
      isJoinMailingList: false,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

beforeEach(async () => {
  const { db } = harness.database;
  await db.delete(restockSignups);
  await db.delete(outbox);
  await setSiteSettings(db);
  await setVariantStock(db, SOLD_OUT.variantId, 0);
  await setVariantStock(db, OTHER.variantId, 0);
  await signUps(SOLD_OUT, ['a@example.com', 'b@example.com', 'c@example.com']);
  await signUps(OTHER, ['d@example.com', 'e@example.com']);
});

describe('who may use the owner restock calls', () => {
  const calls = [
    ['GET', `${OWNER}/groups`],
    ['GET', `${OWNER}?productId=${SOLD_OUT.productId}&variantId=${SOLD_OUT.variantId}`],
    ['POST', `${OWNER}/send`],
    ['POST', `${OWNER}/send/all`],
  ] as const;

  it('answers 401 without an owner login, with data.message', async () => {
    for (const [method, url] of calls) {
      const response = await visitor.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: SOLD_OUT } : {}),
      });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toMatchObject({
        error: { code: 'OWNER_UNAUTHORIZED' },
        data: { message: 'Owner authentication is required.' },
      });
    }
  });

  it.each([
    ['VIEWER'],
    ['EDITOR'],
    ['REPORTING'],
    ['BILLING'],
    ['MODERATOR'],
    ['CAMPAIGNS_EDITOR'],
    ['SCHEDULING'],
  ] as const)('answers 403 to a %s, whose role may not manage restock lists', async (role) => {
    const owner = await ownerClient(
      harness.app,
      harness.database.db,
      `${role.toLowerCase()}@example.com`,
      WEBSITE_ROLES[role],
    );
    for (const [method, url] of calls) {
      const response = method === 'GET' ? await owner.get(url) : await owner.post(url, SOLD_OUT);
      expect(response.statusCode, `${role} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({
        error: { code: 'OWNER_FORBIDDEN' },
        data: { message: 'Your website role does not allow this action.' },
      });
    }
  });

  it('lets a STORE_MANAGER and an ADMIN read the lists', async () => {
    for (const owner of [manager, admin]) {
      expect((await owner.get(`${OWNER}/groups`)).statusCode).toBe(200);
    }
  });

  it("refuses an owner's send without the owner's xsrfToken (403), sending nothing", async () => {
    await setVariantStock(harness.database.db, SOLD_OUT.variantId, 5);
    const before = await restockCounts(harness.database.db);
    const response = await manager.post(`${OWNER}/send`, SOLD_OUT, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'SESSION_EXPIRED' } });
    expect(await restockCounts(harness.database.db)).toEqual(before);
  });
});

describe('GET …/notifications/restock/groups', () => {
  it('lists one group per product and variant with pending counts, not sendable while sold out', async () => {
    const response = await manager.get(`${OWNER}/groups`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      signUpGroups: [
        {
          productId: 'linen-shirt',
          variantId: 'linen-shirt-l-sand',
          productName: 'Linen Shirt',
          sku: expect.any(String) as unknown,
          attributes: expect.objectContaining({ Size: 'L' }) as unknown,
          pendingCount: 3,
          sentCount: 0,
          sendable: false,
        },
        expect.objectContaining({
          variantId: 'linen-shirt-m-sand',
          pendingCount: 2,
          sentCount: 0,
          sendable: false,
        }) as unknown,
      ],
      hasNextPage: false,
      nextPageCursor: null,
    });
  });

  it('marks a group sendable once its stock rises above 0', async () => {
    await setVariantStock(harness.database.db, SOLD_OUT.variantId, 4);
    const groups = (await manager.get(`${OWNER}/groups`)).json<{
      signUpGroups: { variantId: string; sendable: boolean }[];
    }>();
    expect(groups.signUpGroups.map((g) => [g.variantId, g.sendable])).toEqual([
      ['linen-shirt-l-sand', true],
      ['linen-shirt-m-sand', false],
    ]);
  });

  it('pages with an opaque cursor that stays stable when sign-ups arrive in between', async () => {
    const first = await listSignUpGroups(harness.database.db, SITE, undefined, 1);
    expect(first.signUpGroups.map((g) => g.variantId)).toEqual(['linen-shirt-l-sand']);
    expect(first.hasNextPage).toBe(true);
    expect(first.nextPageCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    await signUps(SOLD_OUT, ['late@example.com']);
    const second = await listSignUpGroups(
      harness.database.db,
      SITE,
      first.nextPageCursor ?? undefined,
      1,
    );
    expect(second.signUpGroups.map((g) => g.variantId)).toEqual(['linen-shirt-m-sand']);
    expect(second).toMatchObject({ hasNextPage: false, nextPageCursor: null });
  });

  it('answers 400 for a cursor it did not issue', async () => {
    for (const cursor of ['garbage', 'eyJ9', 'bad%20cursor']) {
      const response = await manager.get(`${OWNER}/groups?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { cursor: expect.any(String) as unknown } },
      });
    }
  });
});

describe('GET …/notifications/restock?productId&variantId&cursor', () => {
  it("lists a variant's sign-ups oldest first", async () => {
    const response = await manager.get(
      `${OWNER}?productId=${SOLD_OUT.productId}&variantId=${SOLD_OUT.variantId}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      signUps: Record<string, unknown>[];
      hasNextPage: boolean;
      nextPageCursor: string | null;
    }>();
    expect(body.signUps.map((s) => s.email)).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
    expect(body.signUps[0]).toEqual({
      id: expect.stringMatching(/^\d+$/) as unknown,
      productId: 'linen-shirt',
      variantId: 'linen-shirt-l-sand',
      email: 'a@example.com',
      isJoinMailingList: false,
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      sentAt: null,
    });
    expect(body).toMatchObject({ hasNextPage: false, nextPageCursor: null });
  });

  it('pages by 50 with a stable cursor: no sign-up twice, none skipped, new ones at the end', async () => {
    const { db } = harness.database;
    await db.insert(restockSignups).values(
      Array.from({ length: 117 }, (_, i) => ({
        siteId: SITE,
        ...SOLD_OUT,
        email: `bulk${String(i).padStart(3, '0')}@example.com`,
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `${OWNER}?productId=${SOLD_OUT.productId}&variantId=${SOLD_OUT.variantId}${cursor ? `&cursor=${cursor}` : ''}`;
      const body = (await manager.get(url)).json<{
        signUps: { email: string }[];
        hasNextPage: boolean;
        nextPageCursor: string | null;
      }>();
      expect(body.signUps.length).toBeLessThanOrEqual(50);
      seen.push(...body.signUps.map((s) => s.email));
      if (pages === 0) await signUps(SOLD_OUT, ['arrived-meanwhile@example.com']);
      expect(body.hasNextPage).toBe(body.nextPageCursor !== null);
      cursor = body.nextPageCursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(3 + 117 + 1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.at(-1)).toBe('arrived-meanwhile@example.com');
  });

  it('answers 404 for an unknown product or variant and 400 for missing ids', async () => {
    expect(
      (await manager.get(`${OWNER}?productId=nope&variantId=${SOLD_OUT.variantId}`)).statusCode,
    ).toBe(404);
    const variant = await manager.get(`${OWNER}?productId=${SOLD_OUT.productId}&variantId=nope`);
    expect(variant.statusCode).toBe(404);
    expect(variant.json()).toMatchObject({ error: { code: 'RESTOCK_VARIANT_NOT_FOUND' } });
    const missing = await manager.get(`${OWNER}?productId=${SOLD_OUT.productId}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { variantId: expect.any(String) as unknown } },
    });
  });
});

describe('POST …/notifications/restock/send', () => {
  it('refuses while the variant is still sold out (409), sending nothing', async () => {
    const before = await restockCounts(harness.database.db);
    const response = await manager.post(`${OWNER}/send`, SOLD_OUT);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: { code: 'RESTOCK_NOT_BACK_IN_STOCK' },
      data: {
        message: 'This variant is still out of stock. Restock it before notifying its sign-ups.',
      },
    });
    expect(await restockCounts(harness.database.db)).toEqual(before);
  });

  it('once restocked, writes one email per pending sign-up and marks each sent exactly once', async () => {
    const { db } = harness.database;
    await setVariantStock(db, SOLD_OUT.variantId, 5);
    const response = await manager.post(`${OWNER}/send`, SOLD_OUT);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...SOLD_OUT, sentCount: 3 });

    const mails = await db.select().from(outbox).orderBy(outbox.toAddress);
    expect(mails.map((m) => m.toAddress)).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
    for (const mail of mails) {
      expect(mail).toMatchObject({
        siteId: SITE,
        kind: 'restock-notice',
        subject: 'Back in stock: Linen Shirt',
        status: 'queued',
      });
      expect(mail.reference).toMatch(/^restock-signup:\d+$/);
      expect(mail.textBody).toContain('is back in stock at Vitrine Demo Store');
      expect(mail.textBody).toMatch(/Get it here: https?:\/\/[^\s]+\/shop\/p\/linen-shirt/);
    }
    const pending = await db
      .select()
      .from(restockSignups)
      .where(and(eq(restockSignups.variantId, SOLD_OUT.variantId), isNull(restockSignups.sentAt)));
    expect(pending).toEqual([]);

    // Again: nothing pending, nothing sent, no second email.
    const again = await manager.post(`${OWNER}/send`, SOLD_OUT);
    expect(again.json()).toEqual({ ...SOLD_OUT, sentCount: 0 });
    expect(await db.$count(outbox)).toBe(3);
    // The other variant's sign-ups are untouched.
    expect(await db.$count(restockSignups, isNull(restockSignups.sentAt))).toBe(2);

    const groups = (await manager.get(`${OWNER}/groups`)).json<{
      signUpGroups: { variantId: string; pendingCount: number; sentCount: number }[];
    }>();
    expect(groups.signUpGroups[0]).toMatchObject({
      variantId: SOLD_OUT.variantId,
      pendingCount: 0,
      sentCount: 3,
    });
  });

  it('sends to an unlimited variant too', async () => {
    await setVariantStock(harness.database.db, SOLD_OUT.variantId, 0, true);
    expect((await admin.post(`${OWNER}/send`, SOLD_OUT)).json()).toEqual({
      ...SOLD_OUT,
      sentCount: 3,
    });
  });

  it('never double-sends under concurrent sends', async () => {
    const { db } = harness.database;
    await setVariantStock(db, SOLD_OUT.variantId, 5);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => manager.post(`${OWNER}/send`, SOLD_OUT)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
    const total = responses.reduce((sum, r) => sum + r.json<{ sentCount: number }>().sentCount, 0);
    expect(total).toBe(3);
    expect(await db.$count(outbox)).toBe(3);
  });

  it.each([
    [{}, 'productId'],
    [{ productId: SOLD_OUT.productId }, 'variantId'],
    [{ ...SOLD_OUT, extra: true }, 'body'],
    [{ productId: 5, variantId: SOLD_OUT.variantId }, 'productId'],
  ])('answers 400 for %o, sending nothing', async (body, field) => {
    await setVariantStock(harness.database.db, SOLD_OUT.variantId, 5);
    const before = await restockCounts(harness.database.db);
    const response = await manager.post(`${OWNER}/send`, body);
    expect(response.statusCode).toBe(400);
    expect(
      Object.keys(response.json<{ error: { fields: Record<string, string> } }>().error.fields),
    ).toContain(field);
    expect(await restockCounts(harness.database.db)).toEqual(before);
  });

  it('answers 404 for an unknown product or variant', async () => {
    expect(
      (await manager.post(`${OWNER}/send`, { productId: 'nope', variantId: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await manager.post(`${OWNER}/send`, { productId: SOLD_OUT.productId, variantId: 'nope' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST …/notifications/restock/send/all', () => {
  it('sends every named variant that is back in stock, in one call', async () => {
    const { db } = harness.database;
    await setVariantStock(db, SOLD_OUT.variantId, 2);
    await setVariantStock(db, OTHER.variantId, 1);
    const response = await manager.post(`${OWNER}/send/all`, {
      sendRequests: [SOLD_OUT, OTHER, SOLD_OUT],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { ...SOLD_OUT, sentCount: 3 },
        { ...OTHER, sentCount: 2 },
      ],
      sentCount: 5,
    });
    expect(await db.$count(outbox)).toBe(5);
  });

  it('refuses the whole call (409, nothing sent) when one variant is still sold out', async () => {
    await setVariantStock(harness.database.db, SOLD_OUT.variantId, 2);
    const before = await restockCounts(harness.database.db);
    const response = await manager.post(`${OWNER}/send/all`, { sendRequests: [SOLD_OUT, OTHER] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: { code: 'RESTOCK_NOT_BACK_IN_STOCK', fields: { variantId: OTHER.variantId } },
    });
    expect(await restockCounts(harness.database.db)).toEqual(before);
    expect(await harness.database.db.$count(restockSignups, isNull(restockSignups.sentAt))).toBe(5);
  });

  it.each([
    ['no body fields', {}],
    ['an empty list', { sendRequests: [] }],
    ['a string', { sendRequests: 'all' }],
    ['a request without variantId', { sendRequests: [{ productId: 'p' }] }],
    ['101 requests', { sendRequests: Array.from({ length: 101 }, () => SOLD_OUT) }],
  ])('answers 400 for %s', async (_name, body) => {
    const before = await restockCounts(harness.database.db);
    const response = await manager.post(`${OWNER}/send/all`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(await restockCounts(harness.database.db)).toEqual(before);
  });
});
