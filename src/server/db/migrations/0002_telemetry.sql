CREATE TABLE "page_speed_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_speed_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"page_load_id" text NOT NULL,
	"page_type" integer,
	"path" text,
	"lcp_ms" double precision,
	"cls" double precision,
	"inp_ms" double precision,
	"fcp_ms" double precision,
	"ttfb_ms" double precision,
	"record" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_speed_records_metrics_check" CHECK (coalesce("page_speed_records"."lcp_ms", 0) >= 0 and coalesce("page_speed_records"."cls", 0) >= 0 and coalesce("page_speed_records"."inp_ms", 0) >= 0
        and coalesce("page_speed_records"."fcp_ms", 0) >= 0 and coalesce("page_speed_records"."ttfb_ms", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "performance_settings" (
	"site_id" text PRIMARY KEY NOT NULL,
	"flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "script_error_groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "script_error_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"message" text NOT NULL,
	"top_frame" text NOT NULL,
	"occurrences" bigint NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "script_error_groups_occurrences_check" CHECK ("script_error_groups"."occurrences" > 0)
);
--> statement-breakpoint
CREATE TABLE "script_errors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "script_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"site_id" text NOT NULL,
	"event_name" text NOT NULL,
	"template_id" text,
	"page_url" text,
	"user_agent" text,
	"application_name" text,
	"message" text NOT NULL,
	"stack" text,
	"file" text,
	"line" integer,
	"column" integer,
	"client_time" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "script_errors_stack_check" CHECK (char_length("script_errors"."stack") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "page_speed_records" ADD CONSTRAINT "page_speed_records_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_settings" ADD CONSTRAINT "performance_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "script_error_groups" ADD CONSTRAINT "script_error_groups_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "script_errors" ADD CONSTRAINT "script_errors_group_id_script_error_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."script_error_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_speed_records_site_time_idx" ON "page_speed_records" USING btree ("site_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "script_error_groups_site_fingerprint_key" ON "script_error_groups" USING btree ("site_id","fingerprint");--> statement-breakpoint
CREATE INDEX "script_error_groups_site_last_seen_idx" ON "script_error_groups" USING btree ("site_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "script_errors_group_time_idx" ON "script_errors" USING btree ("group_id","received_at");