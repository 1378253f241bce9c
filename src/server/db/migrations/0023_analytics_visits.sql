ALTER TABLE "analytics_daily" DROP CONSTRAINT "analytics_daily_events_check";--> statement-breakpoint
CREATE INDEX "analytics_events_visitor_views_idx" ON "analytics_events" USING btree ("site_id","visitor_id","occurred_at") WHERE "analytics_events"."kind" = 'page_view' and "analytics_events"."visitor_id" is not null;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_events_check" CHECK ("analytics_daily"."events" > 0 or "analytics_daily"."metric" = 'visit');--> statement-breakpoint
-- The referring host of a page view as the visit reports group it: the referrer URL's host,
-- lower-cased, without a leading 'www.'; '' when the view carried none
-- (docs/adr/015-analytics-daily-rollup.md). Ingestion, the backfill below and the reports share it.
CREATE OR REPLACE FUNCTION "analytics_referrer_host"("row_data" jsonb)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce(regexp_replace(lower(substring("row_data"->>'referrer' from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)')), '^www\.', ''), '')
$$;--> statement-breakpoint
-- Visits begun before this migration, once: a page view starts a visit when the visitor's
-- previous view is more than 30 minutes older (docs/behaviour/analytics.md#cookies-and-identity),
-- counted on the site's day by referring host. From now on ingestion keeps these rows.
INSERT INTO "analytics_daily" ("site_id", "day", "metric", "key", "visitor_id", "events")
SELECT v."site_id", (v."occurred_at" AT TIME ZONE coalesce(s."settings"->>'timeZone', 'UTC'))::date,
       'visit', analytics_referrer_host(v."data"), '', count(*)::int
  FROM (SELECT e."site_id", e."occurred_at", e."data",
               coalesce(e."occurred_at" - lag(e."occurred_at") OVER (PARTITION BY e."site_id", e."visitor_id" ORDER BY e."occurred_at", e."id")
                        > interval '30 minutes', true) AS "starts_visit"
          FROM "analytics_events" e
         WHERE e."kind" = 'page_view' AND e."visitor_id" IS NOT NULL) AS v
  JOIN "sites" s ON s."id" = v."site_id"
 WHERE v."starts_visit"
 GROUP BY 1, 2, 4;
