/**
 * The real app before any site is imported: what needs a site answers 404 (the API in JSON,
 * pages with the plain page), what does not keeps answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';

describe('routes while the database holds no site', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ importDemo: false });
  }, 120_000);
  afterAll(async () => testApp.close());

  it('answers the API with 404 NOT_FOUND', async () => {
    const response = await testApp.app.inject('/api/commerce/shopping-cart');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });

  it('answers pages with the plain 404 page', async () => {
    for (const url of ['/', '/cart', '/search?q=shirt', '/account/login', '/sitemap.xml']) {
      const response = await testApp.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('Page not found');
    }
  });

  it('keeps the form APIs’ own answer', async () => {
    const response = await testApp.app.inject('/api/template/GetTemplateSchema?type=form');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('FORM_NOT_CONFIGURED');
  });

  it('keeps answering what needs no site: probes, robots.txt, the owner app', async () => {
    for (const url of ['/healthz', '/readyz', '/robots.txt', '/config']) {
      const response = await testApp.app.inject(url);
      expect(response.statusCode, url).toBe(200);
    }
  });
});
