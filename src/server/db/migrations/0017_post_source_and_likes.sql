ALTER TABLE "collections" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "passthrough" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;