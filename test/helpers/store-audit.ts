/**
 * A store on a test database for fault tests (the demo, the checkout settings and products),
 * and the audit a fault must pass: every acknowledged order complete, none half-written, and
 * the stock plus the units sold equal to the stock at the start.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray, notExists, sum } from 'drizzle-orm';
import { schema, type AppDb, type Database } from '../../src/server/db/index.ts';
import { DEMO_SITE_FILE, demoImport, readSiteFile } from '../../src/server/main.ts';
import { importSite } from '../../src/server/modules/site-import/index.ts';
import { addCheckoutProducts, ITEMS, setCheckoutSettings, stockOf } from './checkout-fixtures.ts';

/** Imports the demo and the checkout fixtures, and gives the scarce product `stock` units. */
export async function prepareStore(database: Database, stock: number): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-store-'));
  await importSite(database, await readSiteFile(DEMO_SITE_FILE), demoImport(dataDir));
  await setCheckoutSettings(database.db);
  await addCheckoutProducts(database.db);
  await setStock(database.db, ITEMS.scarce.variantId, stock);
}

export async function setStock(db: AppDb, variantId: string, stock: number): Promise<void> {
  await db
    .update(schema.variants)
    .set({ qtyInStock: stock })
    .where(eq(schema.variants.id, variantId));
}

export interface OrderAudit {
  readonly orders: number;
  /** Orders with no line: half-written. */
  readonly ordersWithoutLines: number;
  /** Purchased carts whose order does not exist. */
  readonly purchasedCartsWithoutOrder: number;
  /** Units of the variant in order lines. */
  readonly soldUnits: number;
  readonly stock: number;
  /** Acknowledged order ids that are missing, have no line, or whose cart is not purchased. */
  readonly incompleteAcknowledged: readonly string[];
}

export async function auditOrders(
  db: AppDb,
  variantId: string,
  acknowledged: readonly string[],
): Promise<OrderAudit> {
  const { orders, orderLines, carts } = schema;
  const [all] = await db.select({ n: count() }).from(orders);
  const [withoutLines] = await db
    .select({ n: count() })
    .from(orders)
    .where(notExists(db.select().from(orderLines).where(eq(orderLines.orderId, orders.id))));
  const [orphanCarts] = await db
    .select({ n: count() })
    .from(carts)
    .where(
      and(
        eq(carts.isPurchased, true),
        notExists(db.select().from(orders).where(eq(orders.cartId, carts.id))),
      ),
    );
  const [sold] = await db
    .select({ units: sum(orderLines.quantity) })
    .from(orderLines)
    .where(eq(orderLines.variantId, variantId));
  const complete = new Set<string>();
  if (acknowledged.length > 0) {
    const rows = await db
      .select({ id: orders.id, purchased: carts.isPurchased, cartOrder: carts.orderId })
      .from(orders)
      .innerJoin(carts, eq(carts.id, orders.cartId))
      .where(inArray(orders.id, [...acknowledged]));
    const withLines = new Set(
      (
        await db
          .selectDistinct({ id: orderLines.orderId })
          .from(orderLines)
          .where(inArray(orderLines.orderId, [...acknowledged]))
      ).map((row) => row.id),
    );
    for (const row of rows) {
      if (row.purchased && row.cartOrder === row.id && withLines.has(row.id)) complete.add(row.id);
    }
  }
  return {
    orders: all?.n ?? 0,
    ordersWithoutLines: withoutLines?.n ?? 0,
    purchasedCartsWithoutOrder: orphanCarts?.n ?? 0,
    soldUnits: Number(sold?.units ?? 0),
    stock: await stockOf(db, variantId),
    incompleteAcknowledged: acknowledged.filter((id) => !complete.has(id)),
  };
}
