/**
 * The restock form without JavaScript: POST /commerce/restock-signup with the hidden crumb.
 * A sign-up goes back to the product page at its success message; every refusal is a page
 * with the server's message and a link back to the form, and changes nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { schema } from '../../db/index.ts';
import {
  freshIp,
  IN_STOCK,
  restockCounts,
  setSiteSettings,
  setVariantStock,
  SOLD_OUT,
} from './testing/restock-fixtures.ts';

const FORM = '/commerce/restock-signup';
const PRODUCT_PAGE = '/shop/p/linen-shirt';

let harness: TestApp;
let visitor: Visitor;

beforeAll(async () => {
  harness = await createTestApp();
  visitor = await newVisitor(harness.app);
});
afterAll(() => harness.close());

beforeEach(async () => {
  const { db } = harness.database;
  await db.delete(schema.restockSignups);
  await db.delete(schema.mailingSubscribers);
  await setSiteSettings(db, {});
  await setVariantStock(db, SOLD_OUT.variantId, 0);
});

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return visitor.inject({
    method: 'POST',
    url: FORM,
    csrf: false,
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

const form = (change: Record<string, string> = {}) => ({
  crumb: visitor.crumb,
  ...SOLD_OUT,
  siteVisitorEmail: 'ann@example.com',
  ...change,
});

async function expectRefusalPage(
  fields: Record<string, string>,
  status: number,
  message: string,
  back = `${PRODUCT_PAGE}#restock`,
): Promise<void> {
  const before = await restockCounts(harness.database.db);
  const response = await post(fields);
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.body).toContain(`<p role="alert">${message}</p>`);
  expect(response.body).toContain(`<a href="${back}">Back to the product</a>`);
  expect(await restockCounts(harness.database.db)).toEqual(before);
}

describe('POST /commerce/restock-signup', () => {
  it('signs up and goes back to the product page at the success message', async () => {
    const response = await post(form({ isJoinMailingList: 'true' }));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${PRODUCT_PAGE}#restock-signed-up`);
    const rows = await harness.database.db.select().from(schema.restockSignups);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      variantId: SOLD_OUT.variantId,
      email: 'ann@example.com',
      joinMailingList: true,
    });
  });

  it('leaves the mailing list out when the opt-in is unchecked (absent from the post)', async () => {
    expect((await post(form())).statusCode).toBe(303);
    const [row] = await harness.database.db.select().from(schema.restockSignups);
    expect(row?.joinMailingList).toBe(false);
  });

  it("shows 'Email cannot be blank' and 'Email is invalid'", async () => {
    await expectRefusalPage(form({ siteVisitorEmail: '  ' }), 400, 'Email cannot be blank');
    await expectRefusalPage(form({ siteVisitorEmail: 'ann@' }), 400, 'Email is invalid');
  });

  it("shows 'Complete CAPTCHA before submitting.' when the site has captcha on", async () => {
    await setSiteSettings(harness.database.db, { captchaSettings: { siteKey: 'altcha-on' } });
    await expectRefusalPage(form(), 400, 'Complete CAPTCHA before submitting.');
  });

  it('refuses a variant that is in stock, with the server message', async () => {
    const response = await post(form(IN_STOCK));
    expect(response.statusCode).toBe(409);
    expect(response.body).toMatch(/<p role="alert">[^<]+<\/p>/);
    expect(await restockCounts(harness.database.db)).toEqual({
      signups: 0,
      outbox: expect.any(Number) as number,
      subscribers: 0,
    });
  });

  it('links home when the product is not the site’s', async () => {
    const response = await post(form({ productId: 'no-such-product' }));
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<a href="/">Back to the product</a>');
  });

  it('refuses another session’s crumb with a page linking back to the referring page', async () => {
    const stranger = await newVisitor(harness.app);
    const response = await post(form({ crumb: stranger.crumb }), {
      referer: `http://localhost${PRODUCT_PAGE}`,
      host: 'localhost',
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain(
      '<p role="alert">Your session has expired. Please reload the page and try again.</p>',
    );
    expect(response.body).toContain(`<a href="${PRODUCT_PAGE}#restock">`);
    expect(await harness.database.db.$count(schema.restockSignups)).toBe(0);
  });

  it('never links back to another site named by the referer', async () => {
    const response = await post(form({ crumb: 'forged' }), {
      referer: 'https://evil.example/shop',
      host: 'localhost',
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('<a href="/">Back to the product</a>');
  });
});
