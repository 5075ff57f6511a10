CREATE TABLE "auth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"browser_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "held_for_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "claim_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guest_checkout_key" text;--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_codes_expires_idx" ON "auth_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_waiting_idx" ON "payment_attempts" USING btree ("expires_at") WHERE "payment_attempts"."state" = 'requires_action';--> statement-breakpoint
CREATE UNIQUE INDEX "projects_claim_token_unique" ON "projects" USING btree ("claim_token_hash");--> statement-breakpoint
-- Attempts already waiting on a bank check expire like new ones: 15 minutes after their last change.
UPDATE "payment_attempts" SET "expires_at" = "updated_at" + interval '15 minutes' WHERE "state" = 'requires_action';
