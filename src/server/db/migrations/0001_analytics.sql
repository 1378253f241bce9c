CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"event_name" text NOT NULL,
	"visitor_id" text,
	"page_path" text,
	"product_id" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "analytics_events_kind_check" CHECK (kind in ('page_view', 'product_view', 'quick_view', 'add_to_cart', 'purchase', 'button_click', 'button_render', 'form_render', 'overlay', 'other')),
	CONSTRAINT "analytics_events_source_check" CHECK (source in ('census', 'event-v0', 'event-v2')),
	CONSTRAINT "analytics_events_name_check" CHECK (char_length("analytics_events"."event_name") between 1 and 100),
	CONSTRAINT "analytics_events_visitor_check" CHECK (char_length("analytics_events"."visitor_id") between 1 and 128),
	CONSTRAINT "analytics_events_path_check" CHECK (char_length("analytics_events"."page_path") <= 2083)
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_site_time_idx" ON "analytics_events" USING btree ("site_id","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_site_kind_time_idx" ON "analytics_events" USING btree ("site_id","kind","occurred_at");