/**
 * v2 tracking events (POST /api/v1/clanker/events: eventContent JSON text and eventSchemaName)
 * with the automatic v2 content fields (docs/behaviour/analytics.md#events). The environment comes from the host name; a caller field
 * that an automatic one replaces is warned (docs/behaviour/analytics.md#events).
 */
import type { V2SchemaName } from '../../shared/analytics/events-v2.ts';
import type { Identity } from './identity.ts';
import type { PageValues } from './page-values.ts';
import { formOf, sendTracking } from './transport.ts';

export const V2_EVENTS_PATH = '/api/v1/clanker/events';
export const CLIENT_NAME = 'vitrine-analytics';
export const CLIENT_VERSION = '1.0.0';
export const overwriteWarning = (keys: readonly string[]): string =>
  `Event fields overwritten by automatic values: ${keys.join(', ')}`;

/** A BCP 47-like locale, as the server's locale field accepts. */
const LOCALE = /^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8}){0,3}$/;

export type Environment = 'dev' | 'staging' | 'prod';

/** staging on internal hosts (staging, qa), dev on local ones, prod otherwise. */
export function environmentOf(host: string): Environment {
  return /\b(staging|qa|internal)\b/.test(host)
    ? 'staging'
    : /^(localhost|127\.|\[::1\])|\bdev\b|\.(test|local)$/.test(host)
      ? 'dev'
      : 'prod';
}

/** The v2 content fields the client fills in itself. */
export function automaticV2Fields(
  schemaName: V2SchemaName,
  values: PageValues,
  identity: Identity,
): Record<string, unknown> {
  const query: Record<string, string> = {};
  new URLSearchParams(location.search).forEach((value, key) => {
    query[key.slice(0, 256)] = value.slice(0, 2083);
  });
  return {
    analytics_id: identity.analyticsId,
    // Headless and locked-down browsers may answer '' or a POSIX name: only a locale is sent.
    browser_language: LOCALE.test(navigator.language) ? navigator.language : undefined,
    window_size: { width: innerWidth, height: innerHeight },
    client_name: CLIENT_NAME,
    client_version: CLIENT_VERSION,
    page_host: location.hostname,
    page_path: location.pathname,
    query_params: query,
    referrer: document.referrer.slice(0, 2083) || undefined,
    session_id: identity.sessionId,
    user_agent: navigator.userAgent.slice(0, 512),
    timestamp: Date.now(),
    schema_name: schemaName,
    source_environment: environmentOf(location.hostname),
    website_id: values.websiteId,
    website_locale: values.locale,
    resolved_locale: values.locale,
  };
}

export function recordEventV2(
  schemaName: V2SchemaName,
  fields: Record<string, unknown>,
  values: PageValues,
  identity: Identity,
): Promise<boolean> {
  const automatic = automaticV2Fields(schemaName, values, identity);
  const overwritten = Object.keys(fields).filter(
    (key) => key in automatic && fields[key] !== automatic[key],
  );
  if (overwritten.length > 0) console.warn(overwriteWarning(overwritten));
  return sendTracking(
    V2_EVENTS_PATH,
    formOf({
      eventContent: JSON.stringify({ ...fields, ...automatic }),
      eventSchemaName: schemaName,
    }),
  );
}
