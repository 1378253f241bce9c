/**
 * Every store email, rendered from the preview's sample order: the text and HTML are kept as
 * snapshot files beside this test (__snapshots__/emails/), so a change to any email shows in
 * review as a diff of what customers read. Beyond the snapshots, the rules every email keeps:
 * the site's name and the order number, inline styles only, no images or scripts, and the
 * merchant's and shopper's words escaped.
 */
import { describe, expect, it } from 'vitest';
import {
  EMAIL_PREVIEW_KINDS,
  sampleEmail,
  STAND_IN_PRODUCT,
  type EmailPreviewKind,
} from './email-samples.ts';

const SITE = { id: 'site-1', title: 'Vitrine Demo Store', currency: 'USD' };
const PRODUCT = {
  title: 'Linen Shirt',
  attributes: { Size: 'L', Colour: 'Sand' },
  unitPriceCents: 4_800,
  fullUrl: '/shop/p/linen-shirt',
};
const ORIGIN = 'https://shop.example';
const KINDS = Object.keys(EMAIL_PREVIEW_KINDS) as EmailPreviewKind[];

describe.each(KINDS)('the %s email', (kind) => {
  const email = sampleEmail(kind, SITE, PRODUCT, ORIGIN);

  it('matches its text and HTML snapshots', async () => {
    await expect(email.text).toMatchFileSnapshot(`__snapshots__/emails/${kind}.txt`);
    await expect(email.html).toMatchFileSnapshot(`__snapshots__/emails/${kind}.html`);
  });

  it('names the site in the text and the HTML, and the order where there is one', () => {
    expect(email.text).toContain('Vitrine Demo Store');
    expect(email.html).toContain('Vitrine Demo Store');
    if (kind !== 'restock-notice') {
      expect(`${email.subject}\n${email.text}`).toMatch(/#1001\b/);
      expect(email.html).toMatch(/#1001\b/);
    }
  });

  it('is a whole HTML document with inline styles only, no images and no scripts', () => {
    const html = email.html ?? '';
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain(`<title>${email.subject}</title>`);
    expect(html).not.toMatch(/<(img|style|script|link)\b/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/url\(/i);
  });
});

describe('escaping', () => {
  const hostile = {
    ...SITE,
    title: 'Bob & <b>Sons</b>',
  };
  const product = {
    ...STAND_IN_PRODUCT,
    title: '<script>alert(1)</script>',
    attributes: { '"Size"': "<i>'XL'</i>" },
  };

  it.each(KINDS)('%s escapes the site name and the product', (kind) => {
    const email = sampleEmail(kind, hostile, product, ORIGIN);
    const html = email.html ?? '';
    expect(html).not.toContain('<b>Sons</b>');
    expect(html).toContain('Bob &amp; &lt;b&gt;Sons&lt;/b&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<i>');
    // The text keeps the words as typed.
    expect(email.text).toContain('Bob & <b>Sons</b>');
  });

  it('links only web addresses', () => {
    const email = sampleEmail('restock-notice', SITE, { ...PRODUCT, fullUrl: '/p' }, ORIGIN);
    expect(email.html).toContain('<a href="https://shop.example/p"');
  });
});

describe('the shipping confirmation', () => {
  it('links the carrier’s tracking page in both parts', () => {
    const email = sampleEmail('order-shipped', SITE, PRODUCT, ORIGIN);
    const link = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
    expect(email.text).toContain(`Track your parcel: ${link}`);
    expect(email.html).toContain(`<a href="${link}"`);
  });
});
