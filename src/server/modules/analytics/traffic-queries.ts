/**
 * Where visits come from and what visitors do besides shopping, over a report range: visits by
 * referring site, visitors by device, site search keywords and form conversions. Each report is
 * one grouped query with a bounded answer (TOP_ROWS at most), never rows per visit. Visits by
 * referrer, devices, keywords and form views are read from the daily rollup (daily-rollup.ts,
 * visit-rollup.ts), whose database functions apply the rules below.
 *
 * - A visit's referrer is the one its first page view carried (the hit that starts a visit, as
 *   the summary counts visits); none, or this site's own host, is 'Direct'.
 * - A visitor's device is judged by the screen width their page views reported: below 600 px a
 *   phone, below 1024 px a tablet, else a desktop; 'Unknown' when no view said.
 * - A search keyword is the search page's query as its v0 'search' event carries it
 *   (`search_string`), trimmed and lower-cased so 'Linen ' and 'linen' are one keyword.
 * - A form's conversion is its submissions over the times it was shown (census form-render).
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDb } from '../../db/index.ts';
import { formSubmissions } from '../../db/schema-forms.ts';
import { forms } from '../../db/schema.ts';
import { withinRange, type ReportRange } from './report-range.ts';
import { d, hits, keyTotals, rollupRows } from './rollup-reads.ts';
import { rowsOf, visitsContinuedIntoRange } from './visit-rollup.ts';

export const TOP_SOURCES = 20;
export const TOP_KEYWORDS = 50;
export const DIRECT = 'Direct';

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
  const continued = await visitsContinuedIntoRange(db, siteId, range, timeZone);
  const source = (host: SQL) =>
    sql`case when ${host} = '' or ${host} = ${own} then ${DIRECT} else ${host} end`;
  const corrections =
    continued.length === 0
      ? sql``
      : sql` union all select ${source(sql`host`)}, count(*)::int from unnest(${sql.param(
          continued.map((visit) => visit.host),
        )}::text[]) as host group by 1`;
  const result = await db.execute(sql`
    select source, sum(visits)::int as visits from (
      select ${source(sql`${d.key}`)} as source, sum(${d.events})::int as visits
        from ${d} where ${rollupRows(siteId, 'visit', range)} group by 1${corrections}) as counted
     where visits > 0
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
): Promise<DeviceRow[]> {
  const rows = await keyTotals(db, siteId, 'device', range).query;
  const byDevice = new Map(rows.map((row) => [row.key, row]));
  return DEVICES.map((device) => ({
    device,
    visitors: byDevice.get(device)?.visitors ?? 0,
    pageViews: byDevice.get(device)?.hits ?? 0,
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
): Promise<KeywordRow[]> {
  const keywords = keyTotals(db, siteId, 'search', range);
  const rows = await keywords.query.orderBy(desc(keywords.hits), keywords.key).limit(TOP_KEYWORDS);
  return rows.map((row) => ({ keyword: row.key, searches: row.hits, visitors: row.visitors }));
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
      .select({ formId: d.key, views: hits() })
      .from(d)
      .where(rollupRows(siteId, 'form_render', range))
      .groupBy(d.key),
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
