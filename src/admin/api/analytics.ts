/**
 * The analytics read APIs the Analytics page shows, one hook per report, each over the same
 * range: the last N days (the server knows the site's time zone) or chosen days.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export type ReportRange =
  { readonly days: number } | { readonly from: string; readonly to: string };

export function rangeQuery(range: ReportRange): string {
  const params =
    'days' in range
      ? new URLSearchParams({ days: String(range.days) })
      : new URLSearchParams({ from: range.from, to: range.to });
  return params.toString();
}

export interface Report {
  readonly from: string;
  readonly to: string;
  readonly timeZone: string;
}

export interface SummaryDay {
  readonly date: string;
  readonly visits: number;
  readonly uniqueVisitors: number;
  readonly pageViews: number;
  readonly productViews: number;
  readonly addToCart: number;
  readonly purchases: number;
}

export interface FunnelSteps {
  readonly visits: number;
  readonly productViewers: number;
  readonly addedToCart: number;
  readonly reachedCheckout: number;
  readonly purchases: number;
}

export interface SalesReport extends Report {
  readonly currency: string;
  readonly days: readonly { date: string; orders: number; revenue: number }[];
  readonly topProducts: readonly {
    productId: string;
    title: string;
    orders: number;
    units: number;
    revenue: number;
  }[];
}

export interface Reports {
  readonly summary: Report & { readonly days: readonly SummaryDay[] };
  readonly funnel: Report & { readonly steps: FunnelSteps };
  readonly pages: Report & {
    readonly pages: readonly { path: string; pageViews: number; uniqueVisitors: number }[];
  };
  readonly referrers: Report & {
    readonly referrers: readonly { source: string; visits: number }[];
  };
  readonly devices: Report & {
    readonly devices: readonly { device: string; visitors: number; pageViews: number }[];
  };
  readonly searches: Report & {
    readonly keywords: readonly { keyword: string; searches: number; visitors: number }[];
  };
  readonly forms: Report & {
    readonly forms: readonly {
      formId: string;
      name: string;
      views: number;
      submissions: number;
      conversionRate: number;
    }[];
  };
  readonly sales: SalesReport;
}

export function useReport<K extends keyof Reports>(name: K, range: ReportRange) {
  return useQuery({
    queryKey: ['analytics', name, range],
    queryFn: () => api<Reports[K]>(`/api/vitrine/analytics/${name}?${rangeQuery(range)}`),
  });
}
