CREATE TABLE "form_submission_keys" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"session_hash" text NOT NULL,
	"site_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "form_submission_keys_expiry_check" CHECK (expires_at > created_at)
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"form_id" text NOT NULL,
	"form_name" text NOT NULL,
	"fields" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"page_title" text,
	"page_id" text,
	"content_source" text,
	"page_path" text,
	"ip_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submissions_content_source_check" CHECK (content_source is null or content_source in ('i', 'c')),
	CONSTRAINT "form_submissions_answers_object_check" CHECK (jsonb_typeof(answers) = 'object')
);
--> statement-breakpoint
CREATE INDEX "form_submission_keys_expires_idx" ON "form_submission_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "form_submissions_form_created_idx" ON "form_submissions" USING btree ("site_id","form_id","created_at");--> statement-breakpoint
CREATE INDEX "form_submissions_form_ip_created_idx" ON "form_submissions" USING btree ("form_id","ip_hash","created_at");