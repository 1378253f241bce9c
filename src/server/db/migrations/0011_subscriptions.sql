CREATE TABLE "subscription_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"cycle" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_orders_cycle_check" CHECK ("subscription_orders"."cycle" >= 1)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"site_user_id" text,
	"email" text NOT NULL,
	"cart_id" text NOT NULL,
	"first_order_id" text NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"additional_fields" jsonb,
	"currency" text NOT NULL,
	"billing_value" integer NOT NULL,
	"billing_unit" text NOT NULL,
	"num_billing_cycles" integer NOT NULL,
	"cycles_completed" integer DEFAULT 1 NOT NULL,
	"billing_anchor" timestamp with time zone NOT NULL,
	"next_renewal_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"payment_provider" text NOT NULL,
	"payment_token" text NOT NULL,
	"shipping_address" jsonb,
	"shipping_option_id" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_failure_reason" text,
	"last_failure_at" timestamp with time zone,
	"claim_token" text,
	"claimed_until" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK (status in ('active', 'cancelled', 'completed')),
	CONSTRAINT "subscriptions_billing_unit_check" CHECK (billing_unit in ('WEEK', 'MONTH', 'YEAR')),
	CONSTRAINT "subscriptions_billing_value_check" CHECK ("subscriptions"."billing_value" >= 1),
	CONSTRAINT "subscriptions_quantity_check" CHECK ("subscriptions"."quantity" between 1 and 9999),
	CONSTRAINT "subscriptions_cycles_check" CHECK ("subscriptions"."num_billing_cycles" >= 0 and "subscriptions"."cycles_completed" >= 1 and ("subscriptions"."num_billing_cycles" = 0 or "subscriptions"."cycles_completed" <= "subscriptions"."num_billing_cycles")),
	CONSTRAINT "subscriptions_failed_attempts_check" CHECK ("subscriptions"."failed_attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_site_user_id_site_users_id_fk" FOREIGN KEY ("site_user_id") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_first_order_id_orders_id_fk" FOREIGN KEY ("first_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_orders_cycle_key" ON "subscription_orders" USING btree ("subscription_id","cycle");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_cart_key" ON "subscriptions" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "subscriptions_site_user_idx" ON "subscriptions" USING btree ("site_id","site_user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_site_created_idx" ON "subscriptions" USING btree ("site_id","created_at");