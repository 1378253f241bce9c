-- When a site user proved their address; guest orders join only verified accounts (docs/behaviour/accounts-and-login.md#orders-bought-as-a-guest).
ALTER TABLE "site_users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Guest orders of an address, found at each login of a verified account.
CREATE INDEX "orders_site_guest_email_idx" ON "orders" USING btree ("site_id",lower("email")) WHERE "orders"."site_user_id" is null;