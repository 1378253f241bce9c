import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { schema } from '../../db/index.ts';
import { DEMO_SITE_FILE, readSiteFile } from '../../main.ts';
import { importSite } from '../site-import/index.ts';
import {
  restockCounts,
  setSiteSettings,
  setVariantStock,
  signUp,
  SIGNUP,
  SOLD_OUT,
  IN_STOCK,
  freshIp,
} from './testing/restock-fixtures.ts';

const { restockSignups, products, mailingSubscribers } = schema;

let harness: TestApp;
let visitor: Visitor;

beforeAll(async () => {
  harness = await createTestApp({ env: { ALTCHA_MAX_NUMBER: '300' } });
  visitor = await newVisitor(harness.app);
});
afterAll(() => harness.close());

function setSettings(settings: Record<string, unknown>): Promise<void> {
  return setSiteSettings(harness.database.db, settings);
}

beforeEach(async () => {
  const { db } = harness.database;
  await db.delete(restockSignups);
  await db.delete(mailingSubscribers);
  await setSettings({});
  await setVariantStock(db, SOLD_OUT.variantId, 0);
});

function payload(change: Record<string, unknown> = {}) {
  return { ...SOLD_OUT, siteVisitorEmail: 'ann@example.com', isJoinMailingList: false, ...change };
}

/** A refusal answers the catalog error and the spec's data.message, and changes nothing. */
async function expectRefusal(
  send: () => Promise<{ statusCode: number; json: <T>() => T }>,
  status: number,
  code: string,
  message: string,
): Promise<void> {
  const before = await restockCounts(harness.database.db);
  const response = await send();
  expect(response.statusCode).toBe(status);
  const body = response.json<{
    error: { code: string; message: string };
    data: { message: string };
  }>();
  expect(body.error).toMatchObject({ code, message });
  expect(body.data).toEqual({ message });
  expect(await restockCounts(harness.database.db)).toEqual(before);
}

describe('POST /api/vitrine/restock/signups', () => {
  it('signs a visitor up for a sold-out variant, email normalised, opt-in and captcha recorded', async () => {
    const response = await signUp(
      visitor,
      payload({ siteVisitorEmail: '  Ann@Example.COM ', isJoinMailingList: true }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { signedUp: true, isJoinMailingList: true } });
    const rows = await harness.database.db.select().from(restockSignups);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      siteId: 'vitrine-demo',
      productId: 'linen-shirt',
      variantId: 'linen-shirt-l-sand',
      email: 'ann@example.com',
      joinMailingList: true,
      captchaUsed: false,
      sentAt: null,
    });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('is idempotent: the same email again (any case) gets the same answer and stays one row; a repeat may add the opt-in, never remove it', async () => {
    const first = await signUp(visitor, payload());
    const again = await signUp(visitor, payload({ siteVisitorEmail: 'ANN@example.com' }));
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(again.json()).toEqual({ data: { signedUp: true, isJoinMailingList: false } });
    expect(await harness.database.db.$count(restockSignups)).toBe(1);

    await signUp(visitor, payload({ isJoinMailingList: true }));
    await signUp(visitor, payload({ isJoinMailingList: false }));
    const [row] = await harness.database.db.select().from(restockSignups);
    expect(row?.joinMailingList).toBe(true);
    expect(await harness.database.db.$count(restockSignups)).toBe(1);
  });

  it('takes two concurrent identical sign-ups as one', async () => {
    const responses = await Promise.all([signUp(visitor, payload()), signUp(visitor, payload())]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await harness.database.db.$count(restockSignups)).toBe(1);
  });

  it('starts a fresh pending sign-up when the earlier one was already notified', async () => {
    await signUp(visitor, payload());
    await harness.database.db.update(restockSignups).set({ sentAt: new Date() });
    const response = await signUp(visitor, payload());
    expect(response.statusCode).toBe(200);
    const rows = await harness.database.db.select().from(restockSignups);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sentAt).toBeNull();
  });

  it('reads a plain form post with the crumb field and a ticked checkbox', async () => {
    const response = await visitor.inject({
      method: 'POST',
      url: SIGNUP,
      csrf: false,
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        crumb: visitor.crumb,
        productId: SOLD_OUT.productId,
        variantId: SOLD_OUT.variantId,
        siteVisitorEmail: 'form@example.com',
        isJoinMailingList: 'on',
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { signedUp: true, isJoinMailingList: true } });
  });

  it.each([[''], ['   '], [null], [undefined]])(
    "answers 'Email cannot be blank' for %o",
    async (email) => {
      await expectRefusal(
        () => signUp(visitor, payload({ siteVisitorEmail: email })),
        400,
        'RESTOCK_EMAIL_BLANK',
        'Email cannot be blank',
      );
    },
  );

  it.each([
    ['ann'],
    ['ann@example'],
    ['ann@@example.com'],
    ['ann example@x.com'],
    ['ann@x.toolongtld'],
  ])("answers 'Email is invalid' for %o", async (email) => {
    await expectRefusal(
      () => signUp(visitor, payload({ siteVisitorEmail: email })),
      400,
      'RESTOCK_EMAIL_INVALID',
      'Email is invalid',
    );
  });

  it('says which field is wrong', async () => {
    const response = await signUp(visitor, payload({ siteVisitorEmail: 'nope' }));
    expect(response.json()).toMatchObject({
      error: { fields: { siteVisitorEmail: 'Email is invalid' } },
    });
  });

  it('answers 404 for an unknown product, an unknown variant, or a variant of another product', async () => {
    await expectRefusal(
      () => signUp(visitor, payload({ productId: 'no-such' })),
      404,
      'ITEM_NOT_FOUND',
      'Sorry, that item could not be found.',
    );
    await expectRefusal(
      () => signUp(visitor, payload({ variantId: 'no-such' })),
      404,
      'RESTOCK_VARIANT_NOT_FOUND',
      'Sorry, that item variant could not be found.',
    );
    await expectRefusal(
      () => signUp(visitor, payload({ variantId: 'field-notebook-default' })),
      404,
      'RESTOCK_VARIANT_NOT_FOUND',
      'Sorry, that item variant could not be found.',
    );
  });

  it('answers 404 for an unpublished product', async () => {
    const { db } = harness.database;
    await db.update(products).set({ status: 'draft' }).where(eq(products.id, 'linen-shirt'));
    try {
      await expectRefusal(
        () => signUp(visitor, payload()),
        404,
        'ITEM_NOT_FOUND',
        'Sorry, that item could not be found.',
      );
    } finally {
      await db.update(products).set({ status: 'published' }).where(eq(products.id, 'linen-shirt'));
    }
  });

  it('takes sign-ups for a Scheduled product once it has appeared, and 404 before', async () => {
    const { db } = harness.database;
    const schedule = (publishOn: Date) =>
      db
        .update(products)
        .set({ status: 'scheduled', publishOn })
        .where(eq(products.id, 'linen-shirt'));
    try {
      await schedule(new Date(Date.now() + 86_400_000));
      await expectRefusal(
        () => signUp(visitor, payload({ siteVisitorEmail: 'later@example.com' })),
        404,
        'ITEM_NOT_FOUND',
        'Sorry, that item could not be found.',
      );
      await schedule(new Date(Date.now() - 60_000));
      const response = await signUp(visitor, payload({ siteVisitorEmail: 'later@example.com' }));
      expect(response.statusCode).toBe(200);
    } finally {
      await db
        .update(products)
        .set({ status: 'published', publishOn: null })
        .where(eq(products.id, 'linen-shirt'));
    }
  });

  it('answers 409 when the variant is in stock or unlimited: nothing to sign up for', async () => {
    const message =
      'This item is in stock, so there is nothing to sign up for: you can add it to your cart now.';
    await expectRefusal(() => signUp(visitor, payload(IN_STOCK)), 409, 'RESTOCK_IN_STOCK', message);
    await setVariantStock(harness.database.db, SOLD_OUT.variantId, 0, true);
    await expectRefusal(() => signUp(visitor, payload()), 409, 'RESTOCK_IN_STOCK', message);
  });

  it('answers 409 for a product that never runs out (digital)', async () => {
    const { db } = harness.database;
    await db.update(products).set({ productType: 2 }).where(eq(products.id, 'field-notebook'));
    await setVariantStock(db, 'field-notebook-default', 0);
    try {
      await expectRefusal(
        () =>
          signUp(
            visitor,
            payload({ productId: 'field-notebook', variantId: 'field-notebook-default' }),
          ),
        409,
        'RESTOCK_NOT_STOCKED',
        'This item does not run out of stock, so there is nothing to sign up for.',
      );
    } finally {
      await db.update(products).set({ productType: 1 }).where(eq(products.id, 'field-notebook'));
      await setVariantStock(db, 'field-notebook-default', 40);
    }
  });

  it.each([
    [{ productId: 42 }, 'productId'],
    [{ variantId: undefined }, 'variantId'],
    [{ productId: '../../etc' }, 'productId'],
    [{ isJoinMailingList: 'yes' }, 'isJoinMailingList'],
    [{ siteVisitorEmail: ['a@b.co'] }, 'siteVisitorEmail'],
    [{ captchaToken: 5 }, 'captchaToken'],
  ])('answers 400 for a payload with %o', async (change, field) => {
    const before = await restockCounts(harness.database.db);
    const response = await signUp(visitor, payload(change));
    expect(response.statusCode).toBe(400);
    const body = response.json<{
      error: { code: string; fields: Record<string, string> };
      data: { message: string };
    }>();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields)).toContain(field);
    expect(body.data.message).toBe('One or more fields is invalid, please check your entries.');
    expect(await restockCounts(harness.database.db)).toEqual(before);
  });

  it('answers 400 for malformed JSON and for a body that is not an object', async () => {
    const before = await restockCounts(harness.database.db);
    const malformed = await visitor.inject({
      method: 'POST',
      url: SIGNUP,
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: '{"productId": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      error: { code: 'INVALID_JSON' },
      data: { message: 'The request body is not valid JSON.' },
    });
    const list = await signUp(visitor, [payload()]);
    expect(list.statusCode).toBe(400);
    expect(await restockCounts(harness.database.db)).toEqual(before);
  });

  it('needs the crumb like any state change, answering data.message', async () => {
    await expectRefusal(
      () => signUp(visitor, payload(), { csrf: false }),
      403,
      'SESSION_EXPIRED',
      'Your session has expired. Please reload the page and try again.',
    );
    await expectRefusal(
      () =>
        harness.app.inject({
          method: 'POST',
          url: SIGNUP,
          payload: payload(),
          remoteAddress: freshIp(),
        }),
      403,
      'COOKIES_DISABLED',
      'Please enable cookies in your browser, reload the page, and try again.',
    );
  });

  it('limits sign-ups to 20 a minute per client IP (429 with the spec message)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) {
      const response = await signUp(
        visitor,
        payload({ siteVisitorEmail: `rate${i}@example.com` }),
        { ip },
      );
      expect(response.statusCode).toBe(200);
    }
    await expectRefusal(
      () => signUp(visitor, payload({ siteVisitorEmail: 'one-too-many@example.com' }), { ip }),
      429,
      'RATE_LIMITED',
      'Please try again in a few seconds.',
    );
  });
});

describe('restock sign-ups and site re-imports', () => {
  it('keep their sign-ups through a re-import, and go with a variant the file no longer has', async () => {
    const { db } = harness.database;
    await signUp(visitor, payload());
    const file = (await readSiteFile(DEMO_SITE_FILE)) as {
      products: { id: string; variants: { id: string }[] }[];
    };
    await importSite(harness.database, file);
    expect(await db.$count(restockSignups)).toBe(1);

    const shirt = file.products.find((product) => product.id === SOLD_OUT.productId);
    if (!shirt) throw new Error('the demo has no linen shirt');
    const trimmed = {
      ...file,
      products: file.products.map((product) =>
        product === shirt
          ? { ...product, variants: product.variants.filter((v) => v.id !== SOLD_OUT.variantId) }
          : product,
      ),
    };
    await importSite(harness.database, trimmed);
    expect(await db.$count(restockSignups)).toBe(0);
    await importSite(harness.database, file);
  });
});

describe('restock sign-ups on a site with captcha on', () => {
  beforeEach(() => setSettings({ captchaSettings: { siteKey: 'altcha-on' } }));

  async function solvedToken(): Promise<string> {
    const response = await visitor.inject({
      url: '/api/vitrine/captcha/challenge',
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(200);
    const challenge = response.json<Challenge>();
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('challenge not solved');
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  it("answers 'Complete CAPTCHA before submitting.' without a token", async () => {
    for (const captchaToken of [undefined, '', '  ']) {
      await expectRefusal(
        () => signUp(visitor, payload({ captchaToken })),
        400,
        'RESTOCK_CAPTCHA_REQUIRED',
        'Complete CAPTCHA before submitting.',
      );
    }
  });

  it('refuses a wrong token', async () => {
    await expectRefusal(
      () =>
        signUp(visitor, payload({ captchaToken: Buffer.from('{"nope":1}').toString('base64') })),
      400,
      'RESTOCK_CAPTCHA_FAILED',
      'The CAPTCHA could not be verified. Please complete it again before submitting.',
    );
  });

  it('takes a solved challenge once, recording that a captcha was used', async () => {
    const token = await solvedToken();
    const response = await signUp(visitor, payload({ captchaToken: token }));
    expect(response.statusCode).toBe(200);
    const [row] = await harness.database.db.select().from(restockSignups);
    expect(row?.captchaUsed).toBe(true);
    await expectRefusal(
      () =>
        signUp(visitor, payload({ siteVisitorEmail: 'replay@example.com', captchaToken: token })),
      400,
      'RESTOCK_CAPTCHA_FAILED',
      'The CAPTCHA could not be verified. Please complete it again before submitting.',
    );
  });

  it('checks the email before the captcha, as the form does', async () => {
    await expectRefusal(
      () => signUp(visitor, payload({ siteVisitorEmail: '' })),
      400,
      'RESTOCK_EMAIL_BLANK',
      'Email cannot be blank',
    );
  });
});

describe('the mailing-list opt-in', () => {
  it('hands an opted-in sign-up to the list connected to the restock opt-in', async () => {
    await setSettings({
      mailingListConnections: [{ list: 'restock-news', restock: true, doubleOptIn: false }],
    });
    expect((await signUp(visitor, payload({ isJoinMailingList: true }))).statusCode).toBe(200);
    const subscribers = await harness.database.db.select().from(mailingSubscribers);
    expect(subscribers).toHaveLength(1);
    expect(subscribers[0]).toMatchObject({
      listId: 'restock-news',
      email: 'ann@example.com',
      source: 'restock',
      status: 'subscribed',
    });
  });

  it('subscribes nobody who did not opt in, and records the opt-in when no list is connected', async () => {
    await setSettings({ mailingListConnections: [{ list: 'restock-news', restock: true }] });
    await signUp(
      visitor,
      payload({ siteVisitorEmail: 'no@example.com', isJoinMailingList: false }),
    );
    expect(await harness.database.db.$count(mailingSubscribers)).toBe(0);
    await setSettings({});
    await signUp(
      visitor,
      payload({ siteVisitorEmail: 'yes@example.com', isJoinMailingList: true }),
    );
    expect(await harness.database.db.$count(mailingSubscribers)).toBe(0);
    const [row] = await harness.database.db
      .select()
      .from(restockSignups)
      .where(eq(restockSignups.email, 'yes@example.com'));
    expect(row?.joinMailingList).toBe(true);
  });
});
