CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "login_throttle_failures_check" CHECK ("login_throttle"."failures" >= 0)
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"site_user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_expiry_check" CHECK ("password_reset_tokens"."expires_at" > "password_reset_tokens"."created_at")
);
--> statement-breakpoint
CREATE TABLE "site_user_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "site_user_emails_kind_check" CHECK ("site_user_emails"."kind" in ('password-reset'))
);
--> statement-breakpoint
CREATE TABLE "site_user_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"site_user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"visitor_session_hash" text NOT NULL,
	"remember_me" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "site_user_sessions_expiry_check" CHECK ("site_user_sessions"."expires_at" > "site_user_sessions"."created_at")
);
--> statement-breakpoint
CREATE TABLE "site_users" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_salt" text NOT NULL,
	"scrypt_n" integer NOT NULL,
	"scrypt_r" integer NOT NULL,
	"scrypt_p" integer NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_users_email_key_check" CHECK ("site_users"."email_key" = lower("site_users"."email")),
	CONSTRAINT "site_users_email_length_check" CHECK (char_length("site_users"."email") between 3 and 254),
	CONSTRAINT "site_users_scrypt_check" CHECK ("site_users"."scrypt_n" > 1 and "site_users"."scrypt_r" > 0 and "site_users"."scrypt_p" > 0)
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_site_user_id_site_users_id_fk" FOREIGN KEY ("site_user_id") REFERENCES "public"."site_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_user_emails" ADD CONSTRAINT "site_user_emails_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_user_sessions" ADD CONSTRAINT "site_user_sessions_site_user_id_site_users_id_fk" FOREIGN KEY ("site_user_id") REFERENCES "public"."site_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_users" ADD CONSTRAINT "site_users_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_throttle_window_idx" ON "login_throttle" USING btree ("window_started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_token_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("site_user_id");--> statement-breakpoint
CREATE INDEX "site_user_emails_pending_idx" ON "site_user_emails" USING btree ("created_at") WHERE "site_user_emails"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "site_user_sessions_token_key" ON "site_user_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "site_user_sessions_user_idx" ON "site_user_sessions" USING btree ("site_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_users_site_email_key" ON "site_users" USING btree ("site_id","email_key");