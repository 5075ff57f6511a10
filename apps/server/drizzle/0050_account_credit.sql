CREATE TABLE "account_credit_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"refund_id" text,
	"hold_key" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_credit_amount_nonzero" CHECK ("account_credit_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"kind" text NOT NULL,
	"interval" text NOT NULL,
	"currency" text NOT NULL,
	"before_cents" integer NOT NULL,
	"after_cents" integer NOT NULL,
	"before_gst_cents" integer NOT NULL,
	"after_gst_cents" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_entry_id" text;--> statement-breakpoint
ALTER TABLE "account_credit_entries" ADD CONSTRAINT "account_credit_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credit_entries" ADD CONSTRAINT "account_credit_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credit_entries" ADD CONSTRAINT "account_credit_entries_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_credit_company_idx" ON "account_credit_entries" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_credit_refund_unique" ON "account_credit_entries" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_credit_hold_unique" ON "account_credit_entries" USING btree ("kind","hold_key");--> statement-breakpoint
CREATE INDEX "subscription_changes_at_idx" ON "subscription_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "subscription_changes_subscription_idx" ON "subscription_changes" USING btree ("subscription_id","at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_entry_id_account_credit_entries_id_fk" FOREIGN KEY ("credit_entry_id") REFERENCES "public"."account_credit_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- The change log starts with what each subscription is now: started when it was made at today's
-- amount (earlier plan changes were not logged), cancelled or paused when it was. Amounts are the
-- plan's part of the live monthly figure: a paused plan's is 0 until it resumes.
INSERT INTO "subscription_changes" ("id", "subscription_id", "kind", "interval", "currency", "before_cents", "after_cents", "before_gst_cents", "after_gst_cents", "at")
SELECT gen_random_uuid()::text, "id", 'started', "interval", "currency", 0, "amount_cents", 0, "gst_cents", "created_at" FROM "subscriptions";--> statement-breakpoint
INSERT INTO "subscription_changes" ("id", "subscription_id", "kind", "interval", "currency", "before_cents", "after_cents", "before_gst_cents", "after_gst_cents", "at")
SELECT gen_random_uuid()::text, "id", 'cancelled', "interval", "currency", "amount_cents", 0, "gst_cents", 0, "cancelled_at" FROM "subscriptions" WHERE "status" = 'cancelled' AND "cancelled_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "subscription_changes" ("id", "subscription_id", "kind", "interval", "currency", "before_cents", "after_cents", "before_gst_cents", "after_gst_cents", "at")
SELECT gen_random_uuid()::text, "id", 'paused', "interval", "currency", "amount_cents", 0, "gst_cents", 0, "paused_at" FROM "subscriptions" WHERE "status" = 'paused' AND "paused_at" IS NOT NULL;
