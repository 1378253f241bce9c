/**
 * The product page's restock block (themes/default item.jsont, `restock-form` widget): the
 * RestockForm island server-rendered as a plain form to /commerce/restock-signup for a product
 * with a sold-out variant and restock notifications on, and absent otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';

let harness: TestApp;
let visitor: Visitor;

beforeAll(async () => {
  harness = await createTestApp();
  visitor = await newVisitor(harness.app);
});
afterAll(() => harness.close());

async function page(path: string): Promise<string> {
  const response = await visitor.inject({ url: path });
  expect(response.statusCode).toBe(200);
  return response.body;
}

function restockBlock(html: string): string | undefined {
  return /<vitrine-island data-island="RestockForm"[\s\S]*?<\/vitrine-island>/.exec(html)?.[0];
}

describe('the restock block of a product page', () => {
  it('is a plain form with the crumb, the sold-out variants, email, opt-in and captcha container', async () => {
    const html = await page('/shop/p/linen-shirt');
    const block = restockBlock(html);
    expect(block).toBeDefined();
    const form = /<form [^>]*>/.exec(block ?? '')?.[0];
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/commerce/restock-signup"');
    // The visitor's crumb sits beside the island and joins its form by id.
    expect(html).toContain(
      `<input type="hidden" name="crumb" value="${visitor.crumb}" form="restock-form-linen-shirt">`,
    );
    expect(block).toMatch(/<form [^>]*id="restock-form-linen-shirt"/);
    expect(block).not.toContain('name="crumb"');
    expect(block).toContain('name="productId" value="linen-shirt"');
    // Its one sold-out variant (L / Sand) is the one signed up for.
    expect(block).toContain('name="variantId" value="linen-shirt-l-sand"');
    expect(block).toContain('name="siteVisitorEmail"');
    // The demo site has an ALTCHA site key.
    expect(block).toContain('class="restock-captcha" data-captcha-provider="altcha"');
    expect(block).toContain('id="restock-signed-up"');
    expect(block).not.toMatch(/<section[^>]* hidden/);
  });

  it('offers the mailing list where the product enables it, unchecked unless it opts in by default', async () => {
    expect(restockBlock(await page('/shop/p/linen-shirt'))).not.toContain('isJoinMailingList');
    const tote = restockBlock(await page('/shop/p/market-tote'));
    const optIn = /<input [^>]*name="isJoinMailingList"[^>]*>/.exec(tote ?? '')?.[0];
    expect(optIn).toContain('type="checkbox"');
    expect(optIn).not.toContain('checked');
  });

  it('is absent for digital goods', async () => {
    expect(restockBlock(await page('/shop/p/shirt-pattern'))).toBeUndefined();
  });
});
