/**
 * The page renderer's shared pages: a shareable page is templated once for every anonymous
 * visitor, each view carrying its own crumb; anyone who sees something of their own (a login,
 * the owner's session, a query string) gets a page rendered for them. The cart case needs the
 * database and is covered by shared-pages.int.test.ts.
 */
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import type { CurrentSite } from '../http/current-site.ts';
import type { VisitorSession } from '../http/session.ts';
import type { Owner } from '../modules/owners/owner-session.ts';
import type { SiteUser } from '../modules/site-users/current-user.ts';
import { createPageRenderer } from './page-renderer.ts';
import { shapeSiteContext } from './site-context.ts';
import type { Theme } from './theme.ts';

const site: CurrentSite = {
  id: 'site-1',
  title: 'Test Store',
  currency: 'USD',
  timeZone: 'UTC',
  settings: {},
};

/** A theme that counts page renders and prints the crumb, the cart count and who is signed in. */
function countingTheme() {
  const renders = { count: 0 };
  const theme: Theme = {
    directory: '/nowhere',
    assetDirectory: '/nowhere/assets',
    has: () => true,
    render(name, context) {
      const { crumb, cart, siteUser, mainContent } = context as {
        crumb: string;
        cart: { totalQuantity: number };
        siteUser: { email: string } | null;
        mainContent?: string;
      };
      if (name === 'site')
        return { output: `<html><body>${mainContent}</body></html>`, errors: [] };
      renders.count += 1;
      return {
        output: `<input name="crumb" value="${crumb}"><p>${cart.totalQuantity} ${siteUser?.email ?? 'anonymous'}</p>`,
        errors: [],
      };
    },
  };
  return { theme, renders };
}

async function appWith(shareable: boolean) {
  const { theme, renders } = countingTheme();
  const pages = createPageRenderer({
    database: {} as Database,
    theme,
    assets: undefined,
    log: { error: () => undefined } as unknown as FastifyBaseLogger,
    contexts: { get: () => Promise.resolve(shapeSiteContext(site, [])) },
  });
  const app: FastifyInstance = Fastify();
  await app.register(cookie);
  // Stand-ins for the session, login and owner hooks: headers say who is asking.
  app.addHook('onRequest', async (request) => {
    request.session = { crumb: request.headers['x-crumb'] } as unknown as VisitorSession;
    request.siteUser =
      request.headers['x-user'] === undefined
        ? null
        : ({ email: request.headers['x-user'] } as unknown as SiteUser);
    request.owner =
      request.headers['x-owner'] === undefined
        ? null
        : ({ id: 'owner-1', role: 1 } as unknown as Owner);
  });
  app.get('/*', (request, reply) =>
    pages.render(request, reply, site, {
      template: 'product',
      pageType: 50,
      context: {},
      shareable,
    }),
  );
  return { app, renders };
}

describe('shareable pages', () => {
  it('are templated once for all anonymous visitors, each view with its own crumb', async () => {
    const { app, renders } = await appWith(true);
    const first = await app.inject({ url: '/shop/p/a', headers: { 'x-crumb': 'crumbOne' } });
    const second = await app.inject({ url: '/shop/p/a', headers: { 'x-crumb': 'crumb-Two' } });
    expect(first.body).toBe(
      '<html><body><input name="crumb" value="crumbOne"><p>0 anonymous</p></body></html>',
    );
    expect(second.body).toBe(
      '<html><body><input name="crumb" value="crumb-Two"><p>0 anonymous</p></body></html>',
    );
    expect(renders.count).toBe(1);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    await app.close();
  });

  it('answer 304 to the same visitor holding the same page', async () => {
    const { app } = await appWith(true);
    const first = await app.inject({ url: '/a', headers: { 'x-crumb': 'crumbOne' } });
    const again = await app.inject({
      url: '/a',
      headers: { 'x-crumb': 'crumbOne', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const otherVisitor = await app.inject({
      url: '/a',
      headers: { 'x-crumb': 'crumbTwo', 'if-none-match': String(first.headers.etag) },
    });
    expect(otherVisitor.statusCode).toBe(200);
    await app.close();
  });

  it('are kept per path', async () => {
    const { app, renders } = await appWith(true);
    await app.inject({ url: '/a', headers: { 'x-crumb': 'c' } });
    await app.inject({ url: '/b', headers: { 'x-crumb': 'c' } });
    await app.inject({ url: '/a', headers: { 'x-crumb': 'c' } });
    expect(renders.count).toBe(2);
    await app.close();
  });

  it('are rendered for a signed-in site user, who sees their own login', async () => {
    const { app, renders } = await appWith(true);
    await app.inject({ url: '/a', headers: { 'x-crumb': 'c' } });
    const user = await app.inject({
      url: '/a',
      headers: { 'x-crumb': 'c', 'x-user': 'ann@example.com' },
    });
    expect(user.body).toContain('ann@example.com');
    expect(renders.count).toBe(2);
    const anonymous = await app.inject({ url: '/a', headers: { 'x-crumb': 'c' } });
    expect(anonymous.body).toContain('anonymous');
    expect(anonymous.body).not.toContain('ann@example.com');
    await app.close();
  });

  it("are rendered for the site's owner", async () => {
    const { app, renders } = await appWith(true);
    await app.inject({ url: '/a', headers: { 'x-crumb': 'c' } });
    await app.inject({ url: '/a', headers: { 'x-crumb': 'c', 'x-owner': '1' } });
    expect(renders.count).toBe(2);
    await app.close();
  });

  it('are rendered for a URL with a query string', async () => {
    const { app, renders } = await appWith(true);
    await app.inject({ url: '/a', headers: { 'x-crumb': 'c' } });
    await app.inject({ url: '/a?variant=1', headers: { 'x-crumb': 'c' } });
    await app.inject({ url: '/a?variant=1', headers: { 'x-crumb': 'c' } });
    expect(renders.count).toBe(3);
    await app.close();
  });

  it('are rendered for a crumb the escapers would change', async () => {
    const { app, renders } = await appWith(true);
    await app.inject({ url: '/a', headers: { 'x-crumb': 'c' } });
    await app.inject({ url: '/a', headers: { 'x-crumb': 'odd"crumb' } });
    expect(renders.count).toBe(2);
    await app.close();
  });
});

describe('pages that are not shareable', () => {
  it('are rendered on every view', async () => {
    const { app, renders } = await appWith(false);
    await app.inject({ url: '/a', headers: { 'x-crumb': 'c' } });
    await app.inject({ url: '/a', headers: { 'x-crumb': 'c' } });
    expect(renders.count).toBe(2);
    await app.close();
  });
});
