CREATE TABLE "cart_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"cart_id" text NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"additional_fields" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_entries_quantity_check" CHECK ("cart_entries"."quantity" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"token" text NOT NULL,
	"kind" text DEFAULT 'standard' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"site_user_id" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_purchased" boolean DEFAULT false NOT NULL,
	"order_id" text,
	CONSTRAINT "carts_kind_check" CHECK (kind in ('standard', 'express', 'subscription')),
	CONSTRAINT "carts_currency_check" CHECK ("carts"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "carts_purchased_check" CHECK (not "carts"."is_purchased" or "carts"."order_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"title" text NOT NULL,
	"full_url" text NOT NULL,
	"type" smallint DEFAULT 13 NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_status_check" CHECK (status in ('published', 'scheduled', 'needs-review', 'draft', 'private'))
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"name" text DEFAULT 'My Form Name' NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"title" text NOT NULL,
	"full_url" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"description" text,
	"body" text,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_status_check" CHECK (status in ('published', 'scheduled', 'needs-review', 'draft', 'private'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"collection_id" text,
	"title" text NOT NULL,
	"full_url" text NOT NULL,
	"product_type" smallint NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"description" text,
	"excerpt" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_subscribable" boolean DEFAULT false NOT NULL,
	"subscription_plan" jsonb,
	"additional_fields_form_id" text,
	"use_custom_add_button_text" boolean DEFAULT false NOT NULL,
	"custom_add_button_text" text,
	"variant_option_ordering" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_product_type_check" CHECK ("products"."product_type" > 0),
	CONSTRAINT "products_status_check" CHECK (status in ('published', 'scheduled', 'needs-review', 'draft', 'private')),
	CONSTRAINT "products_subscription_plan_check" CHECK (not "products"."is_subscribable" or "products"."subscription_plan" is not null)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"product_id" text NOT NULL,
	"user_name" text NOT NULL,
	"review_date" timestamp with time zone NOT NULL,
	"star_rating" smallint NOT NULL,
	"review_text" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_star_rating_check" CHECK ("reviews"."star_rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"settings" jsonb DEFAULT '{"currency":"USD","timeZone":"America/New_York","language":"en-US"}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sku" text NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" integer NOT NULL,
	"sale_price" integer DEFAULT 0 NOT NULL,
	"on_sale" boolean DEFAULT false NOT NULL,
	"unlimited" boolean DEFAULT false NOT NULL,
	"qty_in_stock" integer DEFAULT 0 NOT NULL,
	"main_image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "variants_product_id_key" UNIQUE("product_id","id"),
	CONSTRAINT "variants_qty_in_stock_check" CHECK ("variants"."qty_in_stock" >= 0),
	CONSTRAINT "variants_price_check" CHECK ("variants"."price" >= 0 and "variants"."sale_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_entries" ADD CONSTRAINT "cart_entries_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_entries" ADD CONSTRAINT "cart_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_entries" ADD CONSTRAINT "cart_entries_variant_fk" FOREIGN KEY ("product_id","variant_id") REFERENCES "public"."variants"("product_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_additional_fields_form_id_forms_id_fk" FOREIGN KEY ("additional_fields_form_id") REFERENCES "public"."forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_entries_cart_idx" ON "cart_entries" USING btree ("cart_id","position");--> statement-breakpoint
CREATE INDEX "cart_entries_product_variant_idx" ON "cart_entries" USING btree ("product_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_token_key" ON "carts" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_order_key" ON "carts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "carts_site_user_idx" ON "carts" USING btree ("site_id","site_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_site_url_key" ON "collections" USING btree ("site_id","full_url");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_site_url_key" ON "pages" USING btree ("site_id","full_url");--> statement-breakpoint
CREATE UNIQUE INDEX "products_site_url_key" ON "products" USING btree ("site_id","full_url");--> statement-breakpoint
CREATE INDEX "products_collection_idx" ON "products" USING btree ("collection_id","position");--> statement-breakpoint
CREATE INDEX "reviews_product_date_idx" ON "reviews" USING btree ("product_id","review_date");--> statement-breakpoint
CREATE INDEX "reviews_site_date_idx" ON "reviews" USING btree ("site_id","review_date");--> statement-breakpoint
CREATE INDEX "variants_product_position_idx" ON "variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "variants_product_sku_key" ON "variants" USING btree ("product_id","sku");