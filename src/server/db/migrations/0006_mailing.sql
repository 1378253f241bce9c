CREATE TABLE "mailing_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"list_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"form_id" text,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "mailing_subscribers_status_check" CHECK (status in ('pending', 'subscribed', 'unsubscribed')),
	CONSTRAINT "mailing_subscribers_source_check" CHECK (source in ('form', 'restock')),
	CONSTRAINT "mailing_subscribers_email_check" CHECK (email = btrim(email) and length(email) between 3 and 256),
	CONSTRAINT "mailing_subscribers_pending_check" CHECK ((status = 'pending') = (confirm_token_hash is not null and confirm_expires_at is not null)),
	CONSTRAINT "mailing_subscribers_unsubscribed_check" CHECK ((status = 'unsubscribed') = (unsubscribed_at is not null))
);
--> statement-breakpoint
ALTER TABLE "mailing_subscribers" ADD CONSTRAINT "mailing_subscribers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_subscribers_site_list_email_key" ON "mailing_subscribers" USING btree ("site_id","list_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_subscribers_confirm_token_key" ON "mailing_subscribers" USING btree ("confirm_token_hash");