/**
 * The shapes the dashboard reads from the owner APIs, as the server answers them (their
 * routes document each field). The dashboard imports src/shared only: a shape the server
 * builds from a src/shared type is that type, re-exported here; the rest are written here.
 */
import type { VariantFields } from '../../shared/catalog/variant-fields.ts';
import type { OwnerAction } from '../../shared/roles.ts';
import type { ContentStatus } from '../../shared/site-file/index.ts';

export type {
  DashboardPeriod,
  DashboardReport,
  Metric,
} from '../../shared/owner-api/dashboard-report.ts';

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

export type { ProductPage, ProductSummary } from '../../shared/owner-api/product-list.ts';

export type VariantRecord = VariantFields;

export interface ProductRecord {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly status: ContentStatus;
  readonly urlSlug?: string;
  readonly variants: readonly VariantRecord[];
  readonly [field: string]: unknown;
}

/** The owner's login as the session endpoint answers it. */
export interface OwnerSession {
  readonly xsrfToken: string;
  readonly owner: {
    readonly id: string;
    readonly email: string;
    readonly role: number;
    readonly roleName: string;
    readonly actions: readonly OwnerAction[];
  };
}
