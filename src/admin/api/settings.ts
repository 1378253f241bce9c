/** The settings the Settings page edits, and the outbox it shows. */
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export const STORE_SETTINGS_PATH = '/api/vitrine/owner/store-settings';
export const SITE_SETTINGS_PATH = '/api/vitrine/owner/site-settings';
export const PERFORMANCE_PATH = '/api/vitrine/telemetry/performance-settings';
export const OUTBOX_PATH = '/api/vitrine/owner/outbox';

export interface ShippingRate {
  readonly id: string;
  readonly name: string;
  readonly [field: string]: unknown;
}

export interface TaxRule {
  readonly id: string;
  readonly name: string;
  readonly country: string;
  readonly region?: string;
  readonly rateBasisPoints: number;
  readonly [field: string]: unknown;
}

export interface Coupon {
  readonly code: string;
  readonly type: string;
  readonly [field: string]: unknown;
}

export interface StoreSettings {
  readonly coupons: readonly Coupon[];
  readonly shippingRates: readonly ShippingRate[];
  readonly taxRules: readonly TaxRule[];
}

export interface SiteSettings {
  readonly payLater: { stripeAccountCountry: string; minCents: number; maxCents: number };
  readonly payLaterTeaser: boolean;
  readonly captchaSettings: { provider: 'altcha' | 'recaptcha'; siteKey?: string };
  readonly cookieSettings: {
    isCookieBannerEnabled: boolean;
    isRestrictiveCookiePolicyEnabled: boolean;
    cookieBannerText?: string;
  };
}

export interface OutboxMessage {
  readonly id: string;
  readonly kind: string;
  readonly to: string;
  readonly subject: string;
  readonly status: 'queued' | 'sent' | 'failed';
  readonly attempts: number;
  readonly lastError: string | null;
  readonly created: number;
  readonly sent: number | null;
}

export interface OutboxPage {
  readonly smtpConfigured: boolean;
  readonly counts: { queued: number; sent: number; failed: number };
  readonly messages: readonly OutboxMessage[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

export function useStoreSettings() {
  return useQuery({
    queryKey: ['store-settings'],
    queryFn: () => api<StoreSettings>(STORE_SETTINGS_PATH),
  });
}

export function useSiteSettings() {
  return useQuery({
    queryKey: ['site-settings'],
    queryFn: () => api<SiteSettings>(SITE_SETTINGS_PATH),
  });
}

export function usePerformanceFlags() {
  return useQuery({
    queryKey: ['performance-flags'],
    queryFn: () => api<{ flags: Record<string, boolean> }>(PERFORMANCE_PATH),
  });
}

export function useOutbox(status: OutboxMessage['status'] | '', cursor: string | undefined) {
  const query = new URLSearchParams({ limit: '25' });
  if (status !== '') query.set('status', status);
  if (cursor !== undefined) query.set('cursor', cursor);
  return useQuery({
    queryKey: ['outbox', status, cursor ?? null],
    queryFn: () => api<OutboxPage>(`${OUTBOX_PATH}?${query.toString()}`),
  });
}
