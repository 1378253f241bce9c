/**
 * Whether a site records visitor analytics at all: its visitor metrics are on and its census
 * is not disabled (both in settings.featureFlags). The page script and the ingestion routes
 * read the same two flags, so a hit the browser would not send is refused if sent anyway.
 */
export const CENSUS_DISABLED_FLAG = 'censusDisabled';
export const VISITOR_METRICS_FLAG = 'visitorMetrics';

export function siteRecordsAnalytics(
  settings: Readonly<Record<string, unknown>> | undefined,
): boolean {
  const flags = settings?.featureFlags;
  if (typeof flags !== 'object' || flags === null) return false;
  const read = flags as Readonly<Record<string, unknown>>;
  return read[VISITOR_METRICS_FLAG] === true && read[CENSUS_DISABLED_FLAG] !== true;
}
