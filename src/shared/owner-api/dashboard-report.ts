/**
 * The dashboard's report as GET /api/vitrine/owner/dashboard answers it (docs/owner-api.md):
 * the server builds it, the owner app reads it. A section is null when the owner's role may not
 * read it.
 */

export type DashboardPeriod = 'today' | '7d' | '30d';

/** A figure for the period and for the same number of days before it. */
export interface Metric {
  readonly value: number;
  readonly previous: number;
}

export interface DashboardReport {
  readonly period: DashboardPeriod;
  readonly from: string;
  readonly to: string;
  readonly timeZone: string;
  readonly currency: string;
  readonly metrics: {
    readonly visits: Metric | null;
    readonly orders: Metric | null;
    /** Minor units of the store currency. */
    readonly revenue: Metric | null;
    /** Orders per visit, 0 when there were no visits. */
    readonly conversionRate: Metric | null;
    /** Minor units; 0 when there were no orders. */
    readonly averageOrderValue: Metric | null;
  };
  readonly days: readonly { date: string; visits: number | null; orders: number | null }[];
  readonly latestOrders:
    | readonly {
        id: string;
        number: number;
        email: string;
        paymentStatus: string;
        fulfillmentStatus: string;
        grandTotalCents: number;
        currency: string;
        created: number;
      }[]
    | null;
  readonly restockWaiting:
    | readonly { productId: string; variantId: string; productTitle: string; waiting: number }[]
    | null;
  readonly failing: {
    readonly newErrorGroups: readonly { id: number; message: string; firstSeen: number }[];
    readonly slowPageTypes: readonly { pageType: string; lcpMs: number }[];
  } | null;
}
