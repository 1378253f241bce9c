/**
 * The owner reports as they were counted on the raw analytics rows before the daily rollup
 * (docs/adr/015-analytics-daily-rollup.md), kept for tests only: the rollup's answers must equal
 * these on the same rows.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { VISIT_TIMEOUT_MS } from '../../../../shared/analytics/limits.ts';
import type { AppDb } from '../../../db/index.ts';
import { analyticsEvents } from '../../../db/schema-analytics.ts';
import { formSubmissions } from '../../../db/schema-forms.ts';
import { forms } from '../../../db/schema.ts';
import { withinRange, type ReportRange } from '../report-range.ts';

const e = analyticsEvents;
export const TOP_SOURCES = 20;
export const TOP_KEYWORDS = 50;
export const DIRECT = 'Direct';

/** Both drivers' raw results carry `rows` (PGlite Results, pg QueryResult). */
function rowsOf<T>(result: unknown, schema: z.ZodType<T>): T[] {
  return z.array(schema).parse((result as { rows: unknown[] }).rows);
}

/** The host of a URL, lower-cased and without a leading 'www.', or null. */
const REFERRER_HOST = sql`nullif(regexp_replace(lower(substring(${e.data}->>'referrer' from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)')), '^www\\.', ''), '')`;

export interface ReferrerRow {
  readonly source: string;
  readonly visits: number;
}

/**
 * Visits by the site that sent them, most first. `ownHost` is this site's host: a visit that
 * begins with a link from the site itself (after 30 minutes away) is direct, not a referral.
 */
export async function visitsByReferrer(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
  ownHost: string,
): Promise<ReferrerRow[]> {
  const own = ownHost.toLowerCase().replace(/^www\./, '');
  // Views at the same instant are ordered by id, as the rollup orders them (ADR 015): the
  // visit's referrer is its first view's.
  const result = await db.execute(sql`
    with views as (
      select ${REFERRER_HOST} as host,
             coalesce(${e.occurredAt} - lag(${e.occurredAt}) over (partition by ${e.visitorId} order by ${e.occurredAt}, ${e.id})
                      > ${`${VISIT_TIMEOUT_MS} milliseconds`}::interval, true) as starts_visit
        from ${e}
       where ${e.siteId} = ${siteId} and ${e.kind} = 'page_view' and ${e.visitorId} is not null
         and ${withinRange(e.occurredAt, range, timeZone)}
    )
    select case when host is null or host = ${own} then ${DIRECT} else host end as source,
           count(*)::int as visits
      from views where starts_visit
     group by 1 order by 2 desc, 1 limit ${TOP_SOURCES}`);
  return rowsOf(result, z.object({ source: z.string(), visits: z.number() }));
}

export const DEVICES = ['Phone', 'Tablet', 'Desktop', 'Unknown'] as const;
export type Device = (typeof DEVICES)[number];
/** Screen widths (CSS px) below which a device is a phone, a tablet. */
export const PHONE_BELOW_PX = 600;
export const TABLET_BELOW_PX = 1024;

export interface DeviceRow {
  readonly device: Device;
  readonly visitors: number;
  readonly pageViews: number;
}

/** Visitors and page views per kind of device, every kind listed (zeros included). */
export async function visitorsByDevice(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
): Promise<DeviceRow[]> {
  const width = sql`case when jsonb_typeof(${e.data}->'screenWidth') = 'number'
    then (${e.data}->>'screenWidth')::numeric end`;
  const result = await db.execute(sql`
    select case when w is null then 'Unknown'
                when w < ${PHONE_BELOW_PX} then 'Phone'
                when w < ${TABLET_BELOW_PX} then 'Tablet'
                else 'Desktop' end as device,
           count(distinct visitor_id)::int as visitors, count(*)::int as page_views
      from (select ${width} as w, ${e.visitorId} as visitor_id from ${e}
             where ${e.siteId} = ${siteId} and ${e.kind} = 'page_view'
               and ${withinRange(e.occurredAt, range, timeZone)}) as views
     group by 1`);
  const rows = rowsOf(
    result,
    z.object({ device: z.enum(DEVICES), visitors: z.number(), page_views: z.number() }),
  );
  const byDevice = new Map(rows.map((row) => [row.device, row]));
  return DEVICES.map((device) => ({
    device,
    visitors: byDevice.get(device)?.visitors ?? 0,
    pageViews: byDevice.get(device)?.page_views ?? 0,
  }));
}

export interface KeywordRow {
  readonly keyword: string;
  readonly searches: number;
  readonly visitors: number;
}

/** Site search keywords, most searched first. */
export async function searchKeywords(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
): Promise<KeywordRow[]> {
  const keyword = sql`lower(btrim(${e.data}->>'search_string'))`;
  const result = await db.execute(sql`
    select ${keyword} as keyword, count(*)::int as searches,
           count(distinct ${e.visitorId})::int as visitors
      from ${e}
     where ${e.siteId} = ${siteId} and ${e.kind} = 'other' and lower(${e.eventName}) = 'search'
       and ${withinRange(e.occurredAt, range, timeZone)}
       and coalesce(${keyword}, '') <> ''
     group by 1 order by 2 desc, 1 limit ${TOP_KEYWORDS}`);
  return rowsOf(
    result,
    z.object({ keyword: z.string(), searches: z.number(), visitors: z.number() }),
  );
}

export interface FormConversionRow {
  readonly formId: string;
  readonly name: string;
  /** Times the form was shown (census form-render). */
  readonly views: number;
  readonly submissions: number;
  /** Submissions per view; 0 when it was not shown. */
  readonly conversionRate: number;
}

/** Every form that was shown or submitted in the range, the most submitted first. */
export async function formConversions(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
): Promise<FormConversionRow[]> {
  const [shown, submitted] = await Promise.all([
    db
      .select({ formId: sql<string>`${e.data}->>'formId'`, views: sql<number>`count(*)::int` })
      .from(e)
      .where(
        and(
          eq(e.siteId, siteId),
          eq(e.kind, 'form_render'),
          sql`${e.data}->>'formId' is not null`,
          withinRange(e.occurredAt, range, timeZone),
        ),
      )
      .groupBy(sql`1`),
    db
      .select({
        formId: formSubmissions.formId,
        name: sql<string>`max(${formSubmissions.formName})`,
        submissions: sql<number>`count(*)::int`,
      })
      .from(formSubmissions)
      .where(
        and(
          eq(formSubmissions.siteId, siteId),
          withinRange(formSubmissions.createdAt, range, timeZone),
        ),
      )
      .groupBy(formSubmissions.formId),
  ]);
  const names = new Map(
    (
      await db
        .select({ id: forms.id, name: forms.name })
        .from(forms)
        .where(eq(forms.siteId, siteId))
    ).map((form) => [form.id, form.name]),
  );
  const rows = new Map<string, FormConversionRow>();
  const row = (formId: string) =>
    rows.get(formId) ?? {
      formId,
      name: names.get(formId) ?? formId,
      views: 0,
      submissions: 0,
      conversionRate: 0,
    };
  for (const form of shown) rows.set(form.formId, { ...row(form.formId), views: form.views });
  for (const form of submitted)
    rows.set(form.formId, {
      ...row(form.formId),
      name: names.get(form.formId) ?? form.name,
      submissions: form.submissions,
    });
  return [...rows.values()]
    .map((form) => ({
      ...form,
      conversionRate: form.views === 0 ? 0 : form.submissions / form.views,
    }))
    .sort(
      (a, b) => b.submissions - a.submissions || b.views - a.views || (a.name < b.name ? -1 : 1),
    )
    .slice(0, TOP_SOURCES);
}
