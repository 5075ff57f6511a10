CREATE TABLE "proposal_signatures" (
	"id" text PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"version" integer NOT NULL,
	"signed_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"user_id" text,
	"content_hash" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "proposal_signatures_quote_id_unique" UNIQUE("quote_id")
);
--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD COLUMN "terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD COLUMN "decline_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_signatures" ADD CONSTRAINT "proposal_signatures_quote_id_custom_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."custom_quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_signatures" ADD CONSTRAINT "proposal_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;