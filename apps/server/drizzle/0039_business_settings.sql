CREATE TABLE "business_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"company_name" text NOT NULL,
	"abn" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact_url" text DEFAULT '' NOT NULL,
	"support_email" text DEFAULT '' NOT NULL,
	"brand_colour" text DEFAULT '' NOT NULL,
	"email_footer" text DEFAULT '' NOT NULL,
	"privacy_url" text DEFAULT '' NOT NULL,
	"terms_url" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" text,
	CONSTRAINT "business_settings_one_row" CHECK ("business_settings"."id")
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;