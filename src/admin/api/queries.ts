/** Query keys and fetchers of the owner APIs the pages read, one place for each path. */
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import type { DashboardPeriod, DashboardReport, ProductPage, ProductRecord } from './types.ts';

export function useDashboard(period: DashboardPeriod) {
  return useQuery({
    queryKey: ['dashboard', period],
    queryFn: () => api<DashboardReport>(`/api/vitrine/owner/dashboard?period=${period}`),
  });
}

export function useProducts(cursor: string | undefined) {
  const query = new URLSearchParams({ limit: '50' });
  if (cursor !== undefined) query.set('cursor', cursor);
  return useQuery({
    queryKey: ['products', cursor ?? null],
    queryFn: () => api<ProductPage>(`/api/vitrine/owner/products?${query.toString()}`),
  });
}

export function productPath(productId: string): string {
  return `/api/vitrine/owner/products/${encodeURIComponent(productId)}`;
}

export function useProduct(productId: string) {
  return useQuery({
    queryKey: ['product', productId],
    queryFn: () => api<{ product: ProductRecord }>(productPath(productId)),
  });
}
