/**
 * The telemetry read APIs the Site health page shows (page speed per page type and per day,
 * script error groups) and the page-speed rollout flags, read and saved.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Vitals } from '../../shared/analytics/vitals.ts';
import { api } from './client.ts';
import { rangeQuery, type Report, type ReportRange } from './analytics.ts';

export type { Vitals };

export interface PageSpeedReport extends Report {
  readonly pageTypes: readonly (Vitals & { readonly pageType: number | null })[];
  readonly days: readonly (Vitals & { readonly date: string })[];
}

export interface ErrorGroup {
  readonly id: number;
  readonly message: string;
  readonly topFrame: string;
  readonly count: number;
  readonly total: number;
  readonly firstSeenAt: string;
  readonly lastSeenAt: string;
  readonly sampleStack: string | null;
  readonly samplePage: string | null;
}

export function usePageSpeed(range: ReportRange) {
  return useQuery({
    queryKey: ['health', 'page-speed', range],
    queryFn: () => api<PageSpeedReport>(`/api/vitrine/telemetry/page-speed?${rangeQuery(range)}`),
  });
}

export function useScriptErrors(range: ReportRange) {
  return useQuery({
    queryKey: ['health', 'errors', range],
    queryFn: () =>
      api<Report & { groups: readonly ErrorGroup[] }>(
        `/api/vitrine/telemetry/errors?${rangeQuery(range)}`,
      ),
  });
}

export const PERFORMANCE_SETTINGS_PATH = '/api/vitrine/telemetry/performance-settings';
const FLAGS_KEY = ['health', 'performance-settings'] as const;

export function usePerformanceFlags() {
  return useQuery({
    queryKey: FLAGS_KEY,
    queryFn: () => api<{ flags: Record<string, boolean> }>(PERFORMANCE_SETTINGS_PATH),
  });
}

export function useSavePerformanceFlags() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (flags: Record<string, boolean>) =>
      api<{ flags: Record<string, boolean> }>(PERFORMANCE_SETTINGS_PATH, {
        method: 'PUT',
        body: { flags },
      }),
    onSuccess: (answer) => client.setQueryData(FLAGS_KEY, answer),
  });
}
