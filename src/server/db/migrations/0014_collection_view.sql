ALTER TABLE "collections" ADD COLUMN "view" text DEFAULT 'grid' NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_view_check" CHECK (view in ('grid', 'list'));