/**
 * The dashboard's report: for today, the last 7 or the last 30 days (calendar days in the site's
 * time zone, today included) and the same number of days before, the visits, orders, revenue,
 * conversion rate and average order value; visits and orders by day; the latest orders; restock
 * requests waiting; and what is failing (script error groups first seen today, page types whose
 * page-speed p75 LCP is worse than 2.5 s). Each section is present only when the owner's role
 * may read it (null otherwise), so one call serves every role.
 */
import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  DashboardPeriod,
  DashboardReport,
} from '../../../shared/owner-api/dashboard-report.ts';
import { roleAllows } from '../../../shared/roles.ts';
import { schema, type AppDb } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import {
  dailySummary,
  daysOf,
  salesByDay,
  withinRange,
  type ReportRange,
} from '../analytics/index.ts';

const { orders, restockSignups, products, variants, pageSpeedRecords, scriptErrorGroups } = schema;

export const DASHBOARD_PERIODS = { today: 1, '7d': 7, '30d': 30 } as const satisfies Record<
  DashboardPeriod,
  number
>;
export const dashboardQuery = z.strictObject({
  period: z.enum(['today', '7d', '30d']).default('7d'),
});

/** LCP p75 above this is "poor or needs improvement" (web.dev's good threshold). */
export const LCP_GOOD_MS = 2500;
export const LATEST_ORDERS = 5;
export const RESTOCK_ROWS = 5;

const DAY_MS = 86_400_000;

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today's calendar day in a time zone (en-CA writes YYYY-MM-DD). */
export function dayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

export function periodRanges(
  today: string,
  days: number,
): { current: ReportRange; previous: ReportRange } {
  const from = shiftDay(today, 1 - days);
  return {
    current: { from, to: today },
    previous: { from: shiftDay(from, -days), to: shiftDay(from, -1) },
  };
}

const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

export async function dashboardReport(
  db: AppDb,
  site: CurrentSite,
  role: number,
  period: DashboardPeriod,
  now: Date,
): Promise<DashboardReport> {
  const today = dayIn(site.timeZone, now);
  const { current, previous } = periodRanges(today, DASHBOARD_PERIODS[period]);
  const seesTraffic = roleAllows(role, 'analytics:read');
  const seesOrders = roleAllows(role, 'orders:read');

  const visitsNow = seesTraffic ? await dailySummary(db, site.id, current, site.timeZone) : null;
  const visitsBefore = seesTraffic
    ? await dailySummary(db, site.id, previous, site.timeZone)
    : null;
  // The Analytics page's sales report: the same orders for the same days.
  const ordersNow = seesOrders ? await salesByDay(db, site, current) : null;
  const ordersBefore = seesOrders ? await salesByDay(db, site, previous) : null;

  const total = <T>(rows: Iterable<T>, pick: (row: T) => number) => {
    let sumOf = 0;
    for (const row of rows) sumOf += pick(row);
    return sumOf;
  };
  const visits =
    visitsNow && visitsBefore
      ? { value: total(visitsNow, (d) => d.visits), previous: total(visitsBefore, (d) => d.visits) }
      : null;
  const orderCount =
    ordersNow && ordersBefore
      ? {
          value: total(ordersNow, (d) => d.orders),
          previous: total(ordersBefore, (d) => d.orders),
        }
      : null;
  const revenue =
    ordersNow && ordersBefore
      ? {
          value: total(ordersNow, (d) => d.revenue),
          previous: total(ordersBefore, (d) => d.revenue),
        }
      : null;

  return {
    period,
    ...current,
    timeZone: site.timeZone,
    currency: site.currency,
    metrics: {
      visits,
      orders: orderCount,
      revenue,
      conversionRate:
        visits && orderCount
          ? {
              value: ratio(orderCount.value, visits.value),
              previous: ratio(orderCount.previous, visits.previous),
            }
          : null,
      averageOrderValue:
        revenue && orderCount
          ? {
              value: Math.round(ratio(revenue.value, orderCount.value)),
              previous: Math.round(ratio(revenue.previous, orderCount.previous)),
            }
          : null,
    },
    days: daysOf(current).map((date, index) => ({
      date,
      visits: visitsNow ? (visitsNow[index]?.visits ?? 0) : null,
      orders: ordersNow ? (ordersNow[index]?.orders ?? 0) : null,
    })),
    latestOrders: seesOrders ? await latestOrders(db, site.id) : null,
    restockWaiting: roleAllows(role, 'restock:read') ? await restockWaiting(db, site.id) : null,
    failing: seesTraffic ? await failing(db, site, today, current) : null,
  };
}

async function latestOrders(db: AppDb, siteId: string) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      email: orders.email,
      paymentStatus: orders.paymentStatus,
      fulfillmentStatus: orders.fulfillmentStatus,
      grandTotalCents: orders.grandTotalCents,
      currency: orders.currency,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.siteId, siteId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(LATEST_ORDERS);
  return rows.map(({ createdAt, ...row }) => ({ ...row, created: createdAt.getTime() }));
}

async function restockWaiting(db: AppDb, siteId: string) {
  return db
    .select({
      productId: restockSignups.productId,
      variantId: restockSignups.variantId,
      productTitle: products.title,
      waiting: count(),
    })
    .from(restockSignups)
    .innerJoin(products, eq(products.id, restockSignups.productId))
    .innerJoin(variants, eq(variants.id, restockSignups.variantId))
    .where(and(eq(restockSignups.siteId, siteId), isNull(restockSignups.sentAt)))
    .groupBy(restockSignups.productId, restockSignups.variantId, products.title)
    .orderBy(desc(count()))
    .limit(RESTOCK_ROWS);
}

async function failing(db: AppDb, site: CurrentSite, today: string, range: ReportRange) {
  const g = scriptErrorGroups;
  const newGroups = await db
    .select({ id: g.id, message: g.message, firstSeenAt: g.firstSeenAt })
    .from(g)
    .where(
      and(
        eq(g.siteId, site.id),
        gte(g.firstSeenAt, sql`(${today}::date::timestamp at time zone ${site.timeZone})`),
      ),
    )
    .orderBy(desc(g.firstSeenAt))
    .limit(RESTOCK_ROWS);
  const r = pageSpeedRecords;
  const lcp = sql<number | null>`percentile_cont(0.75) within group (order by ${r.lcpMs})`.mapWith(
    (value: unknown) => (value === null ? null : Number(value)),
  );
  const pageTypes = await db
    .select({ pageType: r.pageType, lcpMs: lcp })
    .from(r)
    .where(and(eq(r.siteId, site.id), withinRange(r.receivedAt, range, site.timeZone)))
    .groupBy(r.pageType);
  return {
    newErrorGroups: newGroups.map((row) => ({
      id: row.id,
      message: row.message,
      firstSeen: row.firstSeenAt.getTime(),
    })),
    slowPageTypes: pageTypes.flatMap((row) =>
      row.lcpMs !== null && row.lcpMs > LCP_GOOD_MS
        ? [{ pageType: String(row.pageType ?? 'other'), lcpMs: Math.round(row.lcpMs) }]
        : [],
    ),
  };
}
