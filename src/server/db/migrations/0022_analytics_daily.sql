CREATE TABLE "analytics_daily" (
	"site_id" text NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"key" text NOT NULL,
	"visitor_id" text NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "analytics_daily_site_id_metric_day_key_visitor_id_pk" PRIMARY KEY("site_id","metric","day","key","visitor_id"),
	CONSTRAINT "analytics_daily_events_check" CHECK ("analytics_daily"."events" > 0)
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What one analytics row counts for in the daily rollup: (metric, key) pairs, as the owner's
-- reports group them (docs/adr/015-analytics-daily-rollup.md). Ingestion and the backfill below
-- both roll rows up through this one function, so the two cannot disagree. Widths below 600 px
-- are phones and below 1024 px tablets; a search keyword is trimmed and lower-cased; page type
-- 201 is the checkout page.
CREATE OR REPLACE FUNCTION "analytics_daily_facts"(
	"row_kind" text, "row_event_name" text, "row_page_path" text, "row_product_id" text, "row_data" jsonb
) RETURNS TABLE ("metric" text, "key" text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT 'kind', "row_kind"
	UNION ALL
	SELECT 'page', "row_page_path" WHERE "row_kind" = 'page_view' AND "row_page_path" IS NOT NULL
	UNION ALL
	SELECT 'device', CASE WHEN "width" IS NULL THEN 'Unknown' WHEN "width" < 600 THEN 'Phone'
	                      WHEN "width" < 1024 THEN 'Tablet' ELSE 'Desktop' END
	  FROM (SELECT CASE WHEN jsonb_typeof("row_data"->'screenWidth') = 'number'
	                    THEN ("row_data"->>'screenWidth')::numeric END AS "width") AS "screen"
	 WHERE "row_kind" = 'page_view'
	UNION ALL
	SELECT 'checkout', '' WHERE "row_kind" = 'page_view'
	   AND ("row_page_path" = '/checkout' OR "row_data"->>'pageType' = '201')
	UNION ALL
	SELECT "row_kind", "row_product_id"
	 WHERE "row_kind" IN ('product_view', 'quick_view', 'add_to_cart') AND "row_product_id" IS NOT NULL
	UNION ALL
	SELECT 'search', "keyword"
	  FROM (SELECT lower(btrim("row_data"->>'search_string')) AS "keyword") AS "search"
	 WHERE "row_kind" = 'other' AND lower("row_event_name") = 'search' AND coalesce("keyword", '') <> ''
	UNION ALL
	SELECT 'form_render', "row_data"->>'formId'
	 WHERE "row_kind" = 'form_render' AND "row_data"->>'formId' IS NOT NULL
$$;--> statement-breakpoint
-- The rows taken before this migration, rolled up once; from now on ingestion adds to it.
INSERT INTO "analytics_daily" ("site_id", "day", "metric", "key", "visitor_id", "events")
SELECT e."site_id", (e."occurred_at" AT TIME ZONE coalesce(s."settings"->>'timeZone', 'UTC'))::date,
       f."metric", f."key", coalesce(e."visitor_id", ''), count(*)::int
  FROM "analytics_events" e
  JOIN "sites" s ON s."id" = e."site_id"
 CROSS JOIN LATERAL analytics_daily_facts(e."kind", e."event_name", e."page_path", e."product_id", e."data") f
 GROUP BY 1, 2, 3, 4, 5;
