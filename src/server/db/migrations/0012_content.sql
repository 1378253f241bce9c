CREATE TABLE "content_items" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"collection_id" text NOT NULL,
	"record_type" smallint NOT NULL,
	"title" text NOT NULL,
	"full_url" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"publish_on" timestamp with time zone,
	"excerpt" text,
	"body" text,
	"author_name" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"all_day" boolean DEFAULT false NOT NULL,
	"location" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_status_check" CHECK (status in ('published', 'scheduled', 'needs-review', 'draft', 'private')),
	CONSTRAINT "content_items_record_type_check" CHECK ("content_items"."record_type" in (1, 12)),
	CONSTRAINT "content_items_scheduled_check" CHECK ("content_items"."status" <> 'scheduled' or "content_items"."publish_on" is not null),
	CONSTRAINT "content_items_event_dates_check" CHECK ("content_items"."record_type" <> 12 or ("content_items"."start_date" is not null and "content_items"."end_date" is not null and "content_items"."end_date" >= "content_items"."start_date"))
);
--> statement-breakpoint
CREATE TABLE "content_unlocks" (
	"session_hash" text NOT NULL,
	"site_id" text NOT NULL,
	"target" text NOT NULL,
	"password_fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_unlocks_session_hash_target_pk" PRIMARY KEY("session_hash","target")
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "publish_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "members_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "publish_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "members_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "publish_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_unlocks" ADD CONSTRAINT "content_unlocks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_site_url_key" ON "content_items" USING btree ("site_id","full_url");--> statement-breakpoint
CREATE INDEX "content_items_collection_idx" ON "content_items" USING btree ("collection_id","publish_on");