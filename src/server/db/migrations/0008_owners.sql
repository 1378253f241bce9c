CREATE TABLE "owner_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"role" smallint NOT NULL,
	"password_hash" text NOT NULL,
	"password_salt" text NOT NULL,
	"scrypt_n" integer NOT NULL,
	"scrypt_r" integer NOT NULL,
	"scrypt_p" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_accounts_email_key_check" CHECK ("owner_accounts"."email_key" = lower("owner_accounts"."email")),
	CONSTRAINT "owner_accounts_role_check" CHECK (role in (1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13)),
	CONSTRAINT "owner_accounts_scrypt_check" CHECK ("owner_accounts"."scrypt_n" > 1 and "owner_accounts"."scrypt_r" > 0 and "owner_accounts"."scrypt_p" > 0)
);
--> statement-breakpoint
CREATE TABLE "owner_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "owner_sessions_expiry_check" CHECK ("owner_sessions"."expires_at" > "owner_sessions"."created_at")
);
--> statement-breakpoint
ALTER TABLE "owner_accounts" ADD CONSTRAINT "owner_accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_sessions" ADD CONSTRAINT "owner_sessions_owner_id_owner_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_accounts_site_email_key" ON "owner_accounts" USING btree ("site_id","email_key");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_sessions_token_key" ON "owner_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "owner_sessions_owner_idx" ON "owner_sessions" USING btree ("owner_id");