CREATE TABLE "business_logo" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"png" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"version" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" text,
	CONSTRAINT "business_logo_one_row" CHECK ("business_logo"."id")
);
--> statement-breakpoint
ALTER TABLE "business_logo" ADD CONSTRAINT "business_logo_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;