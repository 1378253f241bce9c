/**
 * Shared by this module's integration tests: the production app on a database of its own with
 * the demo store, a site resolver that counts invalidations (every successful edit must drop
 * cached site context), owner logins by role, and a snapshot of what the endpoints may write.
 */
import { asc } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { testConfig } from '../../../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../../../test/helpers/db.ts';
import type { Visitor } from '../../../../../test/helpers/session.ts';
import { loginOwner } from '../../../../../test/helpers/site-users.ts';
import { WEBSITE_ROLES, type WebsiteRoleName } from '../../../../shared/roles.ts';
import { createApp } from '../../../app.ts';
import { schema, type AppDb, type Database } from '../../../db/index.ts';
import { createSiteResolver } from '../../../http/current-site.ts';
import { DEMO_SITE_FILE, readSiteFile } from '../../../main.ts';
import { importSite } from '../../site-import/index.ts';

export interface StoreAdminHarness {
  readonly app: FastifyInstance;
  readonly database: Database;
  /** How many times the app invalidated its site resolver so far. */
  invalidations(): number;
  /**
   * Drops the cached site, as an owner edit does, after a test changed the site's row behind the
   * app's back (settings written with SQL). Not counted in `invalidations`.
   */
  siteEditedDirectly(): void;
  close(): Promise<void>;
}

export async function createStoreAdminHarness(): Promise<StoreAdminHarness> {
  const { database, cleanup } = await createTestDatabase();
  await importSite(database, await readSiteFile(DEMO_SITE_FILE));
  const resolver = createSiteResolver(database);
  let invalidations = 0;
  const app = await createApp({
    config: testConfig(),
    database,
    logger: false,
    sites: {
      current: () => resolver.current(),
      invalidate: (change) => {
        invalidations += 1;
        resolver.invalidate(change);
      },
      stockVersion: () => resolver.stockVersion(),
    },
  });
  await app.ready();
  return {
    app,
    database,
    invalidations: () => invalidations,
    siteEditedDirectly: () => resolver.invalidate(),
    close: async () => {
      await app.close();
      await cleanup();
    },
  };
}

export interface OwnerClient {
  readonly visitor: Visitor;
  /** Sends a request with the owner's xsrfToken (`csrf: false` leaves every token out). */
  inject(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse>;
}

let owners = 0;

/** A new owner with this role, logged in through the owner session endpoint. */
export async function ownerClient(
  app: FastifyInstance,
  db: AppDb,
  role: WebsiteRoleName,
): Promise<OwnerClient> {
  owners += 1;
  const email = `${role.toLowerCase()}-${owners}@example.com`;
  const visitor = await loginOwner(app, db, email, WEBSITE_ROLES[role], {
    remoteAddress: `10.9.${owners >> 8}.${owners & 255}`,
  });
  const { xsrfToken } = visitor;
  return {
    visitor,
    inject: ({ csrf = true, headers, ...options }) =>
      visitor.inject({
        ...options,
        csrf: false,
        headers: { ...(csrf ? { 'x-csrf-token': xsrfToken } : {}), ...headers },
      }),
  };
}

/** Every row the store administration endpoints may change, to prove a refusal changed none. */
export async function storeSnapshot(db: AppDb): Promise<unknown> {
  return {
    sites: await db.select().from(schema.sites).orderBy(asc(schema.sites.id)),
    products: await db.select().from(schema.products).orderBy(asc(schema.products.id)),
    variants: await db.select().from(schema.variants).orderBy(asc(schema.variants.id)),
  };
}

/** The whole answer to a refused save: the catalog's VALIDATION_FAILED code and message, with
 * the refused fields and why. */
export function validationFailed(fields: Record<string, string>): {
  error: { code: string; message: string; fields: Record<string, string> };
} {
  return {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'One or more fields is invalid, please check your entries.',
      fields,
    },
  };
}
