CREATE TABLE "owner_links" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"owner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "owner_links_kind_check" CHECK (kind in ('setup', 'invite')),
	CONSTRAINT "owner_links_owner_check" CHECK ((kind = 'invite') = (owner_id is not null)),
	CONSTRAINT "owner_links_expiry_check" CHECK ("owner_links"."expires_at" > "owner_links"."created_at")
);
--> statement-breakpoint
ALTER TABLE "owner_links" ADD CONSTRAINT "owner_links_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_links" ADD CONSTRAINT "owner_links_owner_id_owner_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_links_token_key" ON "owner_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "owner_links_site_kind_idx" ON "owner_links" USING btree ("site_id","kind");