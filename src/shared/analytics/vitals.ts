/**
 * The page-speed figures of a group of page loads, as the Site health report answers them
 * (docs/behaviour/telemetry.md): how many loads were recorded, and the 75th percentile of each
 * web vital (null when none of them measured it).
 */
export interface Vitals {
  readonly records: number;
  readonly lcpMs: number | null;
  readonly cls: number | null;
  readonly inpMs: number | null;
  readonly fcpMs: number | null;
  readonly ttfbMs: number | null;
}
