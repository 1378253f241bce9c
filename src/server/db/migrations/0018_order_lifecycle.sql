CREATE TABLE "order_actions" (
	"site_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_actions_site_id_idempotency_key_pk" PRIMARY KEY("site_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"owner_id" text,
	"owner_email" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "order_events_type_check" CHECK (type in ('created', 'paid', 'payment_failed', 'fulfilled', 'refunded', 'cancelled', 'restocked', 'email_sent'))
);
--> statement-breakpoint
CREATE TABLE "order_number_counters" (
	"site_id" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "order_number_counters_check" CHECK ("order_number_counters"."last_number" >= 1001)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
-- Orders placed before numbering get 1001, 1002, … per site in creation order, and each site's counter continues after them.
UPDATE "orders" SET "number" = numbered.n FROM (SELECT "id", 1000 + row_number() OVER (PARTITION BY "site_id" ORDER BY "created_at", "id") AS n FROM "orders") AS numbered WHERE numbered."id" = "orders"."id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "site_user_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfillment_status" text DEFAULT 'unfulfilled' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_session_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_url" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_actions" ADD CONSTRAINT "order_actions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_actions" ADD CONSTRAINT "order_actions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "order_number_counters" ("site_id", "last_number") SELECT "site_id", max("number") FROM "orders" GROUP BY "site_id";--> statement-breakpoint
ALTER TABLE "order_number_counters" ADD CONSTRAINT "order_number_counters_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_site_user_id_site_users_id_fk" FOREIGN KEY ("site_user_id") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_site_number_key" ON "orders" USING btree ("site_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_session_key" ON "orders" USING btree ("payment_session_id");--> statement-breakpoint
CREATE INDEX "orders_site_email_idx" ON "orders" USING btree ("site_id","email");--> statement-breakpoint
CREATE INDEX "orders_site_user_idx" ON "orders" USING btree ("site_user_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfillment_status_check" CHECK (fulfillment_status in ('unfulfilled', 'fulfilled', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_check" CHECK ("orders"."number" >= 1001);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_check" CHECK ("orders"."refunded_cents" >= 0 and "orders"."refunded_cents" <= "orders"."amount_paid_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK (status in ('pending_payment', 'paid', 'partially_refunded', 'refunded', 'failed'));