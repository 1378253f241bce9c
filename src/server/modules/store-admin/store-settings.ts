/**
 * The store's checkout settings as owners edit them: coupons, shipping rates and tax rules,
 * kept in sites.settings beside the site's other settings and validated by the schemas the
 * site file uses for website.settings (src/shared/checkout/settings.ts). The checkout reads
 * sites.settings on every quote and order, so a change applies to the next one.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  checkoutSettingsShape,
  readCheckoutSettings,
  type CheckoutSettings,
} from '../../../shared/checkout/settings.ts';
import { AppError } from '../../../shared/errors.ts';
import { schema, type AppDb } from '../../db/index.ts';

const { sites } = schema;

/** PUT body: any of the three lists, each replacing the stored list whole. */
export const storeSettingsBody = z
  .strictObject(checkoutSettingsShape)
  .refine((body) => Object.values(body).some((list) => list !== undefined), {
    message: 'Send coupons, shippingRates or taxRules',
  });

export type StoreSettingsChange = z.output<typeof storeSettingsBody>;

export async function readStoreSettings(db: AppDb, siteId: string): Promise<CheckoutSettings> {
  const [row] = await db
    .select({ settings: sites.settings })
    .from(sites)
    .where(eq(sites.id, siteId));
  if (!row) throw new AppError('NOT_FOUND');
  const read = readCheckoutSettings(row.settings);
  if (!read.ok)
    throw new Error(`site ${siteId} has invalid checkout settings: ${read.error.message}`);
  return read.settings;
}

/** One UPDATE merging the given lists into the stored settings; other settings are kept. */
export async function replaceStoreSettings(
  db: AppDb,
  siteId: string,
  change: StoreSettingsChange,
): Promise<CheckoutSettings> {
  const lists = Object.fromEntries(Object.entries(change).filter(([, list]) => list !== undefined));
  const [row] = await db
    .update(sites)
    .set({
      settings: sql`${sites.settings} || ${JSON.stringify(lists)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(eq(sites.id, siteId))
    .returning({ settings: sites.settings });
  if (!row) throw new AppError('NOT_FOUND');
  const read = readCheckoutSettings(row.settings);
  if (!read.ok)
    throw new Error(`site ${siteId} has invalid checkout settings: ${read.error.message}`);
  return read.settings;
}
