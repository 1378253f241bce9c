CREATE TABLE "restock_signups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "restock_signups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"email" text NOT NULL,
	"join_mailing_list" boolean DEFAULT false NOT NULL,
	"captcha_used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "restock_signups_email_check" CHECK ("restock_signups"."email" = lower(btrim("restock_signups"."email")) and char_length("restock_signups"."email") between 3 and 256 and position('@' in "restock_signups"."email") > 1)
);
--> statement-breakpoint
ALTER TABLE "restock_signups" ADD CONSTRAINT "restock_signups_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_signups" ADD CONSTRAINT "restock_signups_variant_fk" FOREIGN KEY ("product_id","variant_id") REFERENCES "public"."variants"("product_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restock_signups_variant_email_key" ON "restock_signups" USING btree ("variant_id","email");--> statement-breakpoint
CREATE INDEX "restock_signups_site_group_idx" ON "restock_signups" USING btree ("site_id","product_id","variant_id","id");--> statement-breakpoint
CREATE INDEX "restock_signups_pending_idx" ON "restock_signups" USING btree ("variant_id","id") WHERE "restock_signups"."sent_at" is null;