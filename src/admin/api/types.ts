/**
 * The shapes the dashboard reads from the owner APIs, as the server answers them (their
 * routes document each field). Written here rather than imported: the dashboard imports
 * src/shared only.
 */
import type { ContentStatus } from '../../shared/site-file/index.ts';

export type DashboardPeriod = 'today' | '7d' | '30d';

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
    readonly revenue: Metric | null;
    readonly conversionRate: Metric | null;
    readonly averageOrderValue: Metric | null;
  };
  readonly days: readonly { date: string; visits: number | null; orders: number | null }[];
  readonly latestOrders:
    | readonly Pick<
        OrderSummary,
        | 'id'
        | 'number'
        | 'email'
        | 'paymentStatus'
        | 'fulfillmentStatus'
        | 'grandTotalCents'
        | 'currency'
        | 'created'
      >[]
    | null;
  readonly restockWaiting:
    | readonly { productId: string; variantId: string; productTitle: string; waiting: number }[]
    | null;
  readonly failing: {
    readonly newErrorGroups: readonly { id: number; message: string; firstSeen: number }[];
    readonly slowPageTypes: readonly { pageType: string; lcpMs: number }[];
  } | null;
}

export interface OrderSummary {
  readonly id: string;
  /** The short per-site number shoppers and owners see (1001, 1002, …). */
  readonly number: number;
  readonly email: string;
  readonly paymentStatus: string;
  readonly fulfillmentStatus: string;
  readonly grandTotalCents: number;
  readonly currency: string;
  readonly created: number;
  readonly status?: string;
  readonly totalQuantity?: number;
}

export interface OrderPage {
  readonly orders: readonly OrderSummary[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

export interface OrderAddress {
  readonly [field: string]: unknown;
}

export interface OrderLine {
  readonly id: string;
  readonly title: string;
  readonly sku: string | null;
  readonly attributes: Readonly<Record<string, string>>;
  readonly quantity: number;
  readonly unitPriceCents: number;
}

export interface OrderDetail {
  readonly id: string;
  readonly email: string;
  readonly currency: string;
  readonly status: string;
  readonly created: number;
  readonly subtotalCents: number;
  readonly discountCents: number;
  readonly shippingCostCents: number;
  readonly taxCents: number;
  readonly giftCardCents: number;
  readonly grandTotalCents: number;
  readonly amountPaidCents: number;
  readonly entries: readonly OrderLine[];
  readonly shippingAddress: OrderAddress | null;
  readonly shippingOption: { readonly name?: string } | null;
  readonly paymentProvider: string;
  readonly paymentReference: string | null;
}

export interface ProductSummary {
  readonly id: string;
  readonly title: string;
  readonly fullUrl: string;
  readonly status: ContentStatus;
  readonly variantCount: number;
  readonly soldOut: boolean;
  readonly onSale: boolean;
  readonly updated: number;
  readonly image: { readonly src: string; readonly alt: string } | null;
  /** What a shopper pays now, lowest and highest, in minor units; null without variants. */
  readonly priceRange: { readonly min: number; readonly max: number } | null;
  /** Units over every variant; null when one is unlimited. */
  readonly stockTotal: number | null;
}

export interface ProductPage {
  readonly products: readonly ProductSummary[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

export interface VariantRecord {
  readonly id: string;
  readonly sku: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly price: number;
  readonly salePrice: number;
  readonly onSale: boolean;
  readonly unlimited: boolean;
  readonly qtyInStock: number;
}

export interface ProductRecord {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly status: ContentStatus;
  readonly urlSlug?: string;
  readonly variants: readonly VariantRecord[];
  readonly [field: string]: unknown;
}
