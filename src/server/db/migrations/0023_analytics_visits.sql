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
-- A site's rollup counted again from its raw rows: what analytics_daily_facts makes of each row,
-- and the visits, a page view starting one when the visitor's previous view is more than
-- 30 minutes older (docs/behaviour/analytics.md#cookies-and-identity), ties in time ordered by
-- id, counted on the site's day by referring host. Days are the site's, so a change of its time
-- zone rebuilds it (the trigger below), and rows stored around ingestion are added by calling it.
CREATE OR REPLACE FUNCTION "analytics_daily_rebuild"("rebuilt_site" text)
RETURNS void LANGUAGE sql VOLATILE AS $$
	DELETE FROM "analytics_daily" WHERE "site_id" = "rebuilt_site";
	INSERT INTO "analytics_daily" ("site_id", "day", "metric", "key", "visitor_id", "events")
	SELECT e."site_id", (e."occurred_at" AT TIME ZONE coalesce(s."settings"->>'timeZone', 'UTC'))::date,
	       f."metric", f."key", coalesce(e."visitor_id", ''), count(*)::int
	  FROM "analytics_events" e
	  JOIN "sites" s ON s."id" = e."site_id"
	 CROSS JOIN LATERAL analytics_daily_facts(e."kind", e."event_name", e."page_path", e."product_id", e."data") f
	 WHERE e."site_id" = "rebuilt_site"
	 GROUP BY 1, 2, 3, 4, 5;
	INSERT INTO "analytics_daily" ("site_id", "day", "metric", "key", "visitor_id", "events")
	SELECT v."site_id", (v."occurred_at" AT TIME ZONE coalesce(s."settings"->>'timeZone', 'UTC'))::date,
	       'visit', analytics_referrer_host(v."data"), '', count(*)::int
	  FROM (SELECT e."site_id", e."occurred_at", e."data",
	               coalesce(e."occurred_at" - lag(e."occurred_at") OVER (PARTITION BY e."visitor_id" ORDER BY e."occurred_at", e."id")
	                        > interval '30 minutes', true) AS "starts_visit"
	          FROM "analytics_events" e
	         WHERE e."site_id" = "rebuilt_site" AND e."kind" = 'page_view' AND e."visitor_id" IS NOT NULL) AS v
	  JOIN "sites" s ON s."id" = v."site_id"
	 WHERE v."starts_visit"
	 GROUP BY 1, 2, 4;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_daily_rezone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM analytics_daily_rebuild(NEW."id");
	RETURN NULL;
END
$$;--> statement-breakpoint
-- Whatever changes a site's time zone (the owner's settings, an import, SQL), its rollup's days
-- follow in the same transaction.
CREATE TRIGGER "analytics_daily_rezone" AFTER UPDATE OF "settings" ON "sites"
	FOR EACH ROW WHEN (OLD."settings"->>'timeZone' IS DISTINCT FROM NEW."settings"->>'timeZone')
	EXECUTE FUNCTION analytics_daily_rezone();--> statement-breakpoint
-- Visits taken before this migration: every site's rollup counted again, visits included.
SELECT analytics_daily_rebuild("id") FROM "sites";
