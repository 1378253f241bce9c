/**
 * /config/emails/:kind/preview: owners who may read orders see each store email rendered with
 * the site's name and one of its products; everyone else is refused, and nothing is cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { loginOwner } from '../../../../test/helpers/site-users.ts';
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import { schema } from '../../db/index.ts';
import { EMAIL_PART_CSP } from './email-preview-routes.ts';
import { EMAIL_PREVIEW_KINDS } from './email-samples.ts';

let harness: TestApp;
let manager: Visitor;
let siteTitle: string;

beforeAll(async () => {
  harness = await createTestApp();
  manager = await loginOwner(
    harness.app,
    harness.database.db,
    'manager@example.com',
    WEBSITE_ROLES.STORE_MANAGER,
  );
  const [site] = await harness.database.db.select({ title: schema.sites.title }).from(schema.sites);
  siteTitle = site?.title ?? '';
});
afterAll(() => harness.close());

const path = (kind: string) => `/config/emails/${kind}/preview`;

describe('email preview', () => {
  it.each(Object.entries(EMAIL_PREVIEW_KINDS))(
    '%s: a 301 page with the subject, the text part and a frame of the HTML part',
    async (kind, label) => {
      const page = await manager.inject({ method: 'GET', url: path(kind) });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<body data-page-type="301">');
      expect(page.body).toContain(`<h1>Email preview: ${label}</h1>`);
      expect(page.body).toContain(siteTitle.replaceAll('&', '&amp;'));
      expect(page.body).toContain(`<iframe sandbox src="${path(kind)}?part=html"`);

      const part = await manager.inject({ method: 'GET', url: `${path(kind)}?part=html` });
      expect(part.statusCode).toBe(200);
      expect(part.headers['cache-control']).toBe('no-store');
      expect(part.headers['content-security-policy']).toBe(EMAIL_PART_CSP);
      expect(part.body).toMatch(/^<!doctype html>/);
      expect(part.body).toContain(siteTitle.replaceAll('&', '&amp;'));
    },
  );

  it('uses one of the site’s products in the sample order', async () => {
    const titles = (
      await harness.database.db.select({ title: schema.products.title }).from(schema.products)
    ).map((row) => row.title.replaceAll('&', '&amp;'));
    const page = await manager.inject({ method: 'GET', url: path('order-confirmation') });
    expect(page.body).not.toContain('Sample product');
    expect(titles.some((title) => page.body.includes(`2 × ${title}`))).toBe(true);
    expect(page.body).toContain('Order #1001');
  });

  it('answers 404 for a kind the store does not send, and for an unknown query', async () => {
    expect((await manager.inject({ method: 'GET', url: path('newsletter') })).statusCode).toBe(404);
    expect(
      (await manager.inject({ method: 'GET', url: `${path('order-confirmation')}?part=pdf` }))
        .statusCode,
    ).toBe(404);
  });

  it('needs an owner login (401) whose role may read orders (403), never cached', async () => {
    const anonymous = await newVisitor(harness.app);
    const refused = await anonymous.inject({ method: 'GET', url: path('order-confirmation') });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).not.toContain('Order #1001');

    const editor = await loginOwner(
      harness.app,
      harness.database.db,
      'editor@example.com',
      WEBSITE_ROLES.EDITOR,
    );
    const forbidden = await editor.inject({
      method: 'GET',
      url: `${path('order-shipped')}?part=html`,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['cache-control']).toBe('no-store');
    expect(forbidden.body).not.toContain('1Z999AA10123456784');
  });
});
